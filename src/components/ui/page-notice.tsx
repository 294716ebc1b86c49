import type { ReactNode } from 'react';
import { TitledSection } from './titled-section';

interface PageNoticeProps {
  /** The heading's id, which names the page's section. */
  id: string;
  title: ReactNode;
  className?: string;
  /** The line under the heading that says why. */
  children: ReactNode;
}

/** A page that only tells why it shows nothing: a section the user may not open, or not yet. */
export function PageNotice({ id, title, className, children }: PageNoticeProps) {
  return (
    <TitledSection id={id} heading="h1" title={title} className={className}>
      <p>{children}</p>
    </TitledSection>
  );
}
