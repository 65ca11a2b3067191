import { useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { isServerRenderedPage } from '../../lib/server-rendered';

/**
 * The server's elements already taken over. Only the first render of the tab's first page may
 * adopt one: coming back to that page later, the element found could be another page's.
 */
const hydrated = new Set<string>();

/**
 * Issue 30: content that never changes while the page is open (a medicine's monograph) is kept
 * as the server's HTML instead of being hydrated. Preact does not walk an element whose content
 * is given as innerHTML, so that text leaves the hydration task, the page's longest (TBT). Only
 * static content belongs here: no handlers, and links inside load their page like plain links.
 * After a client-side navigation the children are rendered as usual.
 */
export function ServerHtml({
  id,
  className,
  children,
}: {
  /** Unique on the page: finds the server's element again. */
  id: string;
  className?: string;
  children: ReactNode;
}) {
  const { key } = useLocation();
  const [serverHtml] = useState(() => {
    if (typeof document === 'undefined' || !isServerRenderedPage(key) || hydrated.has(id)) {
      return undefined;
    }
    hydrated.add(id);
    return document.querySelector(`[data-server-html="${id}"]`)?.innerHTML;
  });
  if (serverHtml !== undefined) {
    return (
      <div
        data-server-html={id}
        className={className}
        dangerouslySetInnerHTML={{ __html: serverHtml }}
      />
    );
  }
  return (
    <div data-server-html={id} className={className}>
      {children}
    </div>
  );
}
