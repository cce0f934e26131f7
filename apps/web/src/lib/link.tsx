import type { AnchorHTMLAttributes, CSSProperties, ReactNode } from 'react';
import { useHref, useLinkClickHandler, useLocation, useResolvedPath, type To } from 'react-router';

/**
 * The app's links: React Router's own `Link` and `NavLink` carry the framework and data-router
 * machinery (prefetching route modules, view transitions, masks) that this app never uses, and
 * React Router is one module, so all of it sat in every page's first script. These do what the
 * app needs, on React Router's public hooks: the address as a real href, client-side navigation
 * on a plain left click (a modified click, or `target`, lets the browser open it), `state` and
 * `replace`; NavLink marks the current page (`aria-current="page"`, `isActive`). Import Link and
 * NavLink from here, never from react-router (eslint says so). They are for the app's own pages:
 * an address elsewhere is a plain <a>.
 */
export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  replace?: boolean;
  state?: unknown;
}

export function Link({ to, replace, state, target, onClick, ...rest }: LinkProps) {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { replace, state, target });
  return (
    <a
      {...rest}
      href={href}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) navigate(event);
      }}
    />
  );
}

interface NavLinkProps extends Omit<LinkProps, 'className' | 'style' | 'children'> {
  /** Active only on this exact path, not on the paths below it. */
  end?: boolean;
  className?: string | ((state: { isActive: boolean }) => string);
  style?: CSSProperties | ((state: { isActive: boolean }) => CSSProperties);
  children?: ReactNode | ((state: { isActive: boolean }) => ReactNode);
}

/** A link that knows when it is the current page, matched as React Router's NavLink matches. */
/**
 * Whether the page at `current` is the link's `target` (or, unless `end`, a page below it), case
 * aside: React Router's NavLink rule.
 */
export function isCurrentPage(current: string, target: string, end: boolean): boolean {
  const here = current.toLowerCase();
  const there = target.toLowerCase();
  const slash = there !== '/' && there.endsWith('/') ? there.length - 1 : there.length;
  return here === there || (!end && here.startsWith(there) && here.charAt(slash) === '/');
}

export function NavLink({ to, end = false, className, style, children, ...rest }: NavLinkProps) {
  const target = useResolvedPath(to).pathname;
  const isActive = isCurrentPage(useLocation().pathname, target, end);
  const state = { isActive };
  return (
    <Link
      {...rest}
      to={to}
      aria-current={isActive ? 'page' : undefined}
      className={
        typeof className === 'function'
          ? className(state)
          : [className, isActive ? 'active' : null].filter(Boolean).join(' ')
      }
      style={typeof style === 'function' ? style(state) : style}
    >
      {typeof children === 'function' ? children(state) : children}
    </Link>
  );
}
