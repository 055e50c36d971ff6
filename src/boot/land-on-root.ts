/** The product has one screen at the root: any other path is replaced by it, keeping query and hash. */
export function landOnRoot(base: string = import.meta.env.BASE_URL): void {
  const { pathname, search, hash } = window.location;
  if (pathname !== base) window.history.replaceState(window.history.state, '', `${base}${search}${hash}`);
}
