/** Navigation targets are compared as pathname + search + hash, ignoring a trailing slash. */
export interface LocationLike {
  pathname: string;
  search?: string;
  hash?: string;
}

const normalisePath = (p: string): string => (p.length > 1 ? p.replace(/\/+$/, '') : p) || '/';

type Target = string | Partial<LocationLike>;

const toParts = (target: Target, currentPath: string): Required<LocationLike> | null => {
  if (typeof target !== 'string') {
    // A partial location without pathname stays on the current page (react-router semantics).
    const pathname = target.pathname ?? currentPath;
    if (!pathname.startsWith('/')) return null;
    return { pathname: normalisePath(pathname), search: target.search ?? '', hash: target.hash ?? '' };
  }
  // Relative targets ('..', 'step-2') depend on the route they start from: never treated as "same".
  if (!target.startsWith('/')) return null;
  const url = new URL(target, 'http://x');
  return { pathname: normalisePath(url.pathname), search: url.search, hash: url.hash };
};

/** True when navigating to `target` would land exactly where the visitor already is. */
export const isSameLocation = (current: LocationLike, target: Target | number | null | undefined): boolean => {
  if (target == null || typeof target === 'number') return false;
  const to = toParts(target, current.pathname);
  if (!to) return false;
  const from = toParts(current, current.pathname);
  return from !== null && from.pathname === to.pathname && from.search === to.search && from.hash === to.hash;
};
