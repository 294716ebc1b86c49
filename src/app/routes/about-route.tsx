// The about page's route module: its own chunk, loaded when `/{c}/nosotros` is opened.
export { AboutPage as AboutRoute } from '../../features/content/components/about-page';
