import { useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import type { Block, Inline } from '../markdown';

function Inlines({ inlines }: { inlines: Inline[] }) {
  const { t } = useLingui();
  return inlines.map((inline, index) => {
    switch (inline.kind) {
      case 'strong':
        return <strong key={index}>{inline.text}</strong>;
      case 'em':
        return <em key={index}>{inline.text}</em>;
      case 'link':
        // Links inside the site stay in the app; others open apart and say so.
        return inline.href.startsWith('/') ? (
          <Link key={index} to={inline.href}>
            {inline.text}
          </Link>
        ) : (
          <a key={index} href={inline.href} target="_blank" rel="noopener noreferrer">
            {inline.text}
            <span className="visually-hidden"> {t`(se abre en una pestaña nueva)`}</span>
          </a>
        );
      default:
        return inline.text;
    }
  });
}

/** Renders the blocks of `parseMarkdown` as elements; headings start at h2 because the page owns the h1. */
export function RichText({ blocks }: { blocks: Block[] }) {
  return blocks.map((block, index) => {
    switch (block.kind) {
      case 'heading':
        return block.level === 2 ? (
          <h2 key={index} id={block.id}>
            {block.text}
          </h2>
        ) : (
          <h3 key={index} id={block.id}>
            {block.text}
          </h3>
        );
      case 'list': {
        const items = block.items.map((item, itemIndex) => (
          <li key={itemIndex}>
            <Inlines inlines={item} />
          </li>
        ));
        return block.ordered ? <ol key={index}>{items}</ol> : <ul key={index}>{items}</ul>;
      }
      case 'quote':
        return (
          <blockquote key={index} className="prose__note">
            <p>
              <Inlines inlines={block.inlines} />
            </p>
          </blockquote>
        );
      default:
        return (
          <p key={index}>
            <Inlines inlines={block.inlines} />
          </p>
        );
    }
  });
}
