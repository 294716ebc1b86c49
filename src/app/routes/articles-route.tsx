// The blog's route module: the list and the article share one chunk; each article's text is a chunk of its own.
export { ArticlesPage as ArticlesRoute } from '../../features/content/components/articles-page';
export { ArticlePage as ArticleRoute } from '../../features/content/components/article-page';
