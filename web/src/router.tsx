import type { AnchorHTMLAttributes, ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';

/** Client-side routes: the server sends index.html for every path that is not /api/…. */
export function navigate(to: string, replace = false): void {
  if (replace) history.replaceState(null, '', to);
  else history.pushState(null, '', to);
  dispatchEvent(new PopStateEvent('popstate'));
  if (!replace) setTimeout(focusHeading); // a new page (not new filters on the same one)
}

/**
 * On a new page the keyboard starts at its heading, as after a page load, not on the body after
 * the button that led there went away. The heading may come with the page's data: waited for.
 */
function focusHeading(tries = 60): void {
  const h1 = document.querySelector<HTMLElement>('main h1');
  if (!h1) {
    if (tries > 0) setTimeout(() => focusHeading(tries - 1), 50);
    return;
  }
  h1.tabIndex = -1;
  h1.focus();
}

export function useLocation(): URL {
  const [href, setHref] = useState(location.href);
  useEffect(() => {
    const on = () => setHref(location.href);
    addEventListener('popstate', on);
    return () => removeEventListener('popstate', on);
  }, []);
  return new URL(href);
}

/** A real link that changes the page without a reload (a modified click opens a tab as usual). */
export function Link({ href, children, ...rest }: { href: string; children: ComponentChildren } & AnchorHTMLAttributes<HTMLAnchorElement>) {
  return (
    <a
      {...rest}
      href={href}
      onClick={(e) => {
        if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        navigate(href);
      }}
    >
      {children}
    </a>
  );
}

/** Sets the tab's title while the page shows. */
export function useTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
