import { useCallback, useEffect, useState } from 'react';

export interface PageLocation {
  pathname: string;
  search: string;
}

function current(): PageLocation {
  return { pathname: window.location.pathname, search: window.location.search };
}

/**
 * The page's address as React state, moved with the History API: a link inside the app pushes an
 * entry (Back returns), a redirect replaces one; Back and Forward are followed.
 */
export function useLocation(): [PageLocation, (path: string, options?: { replace?: boolean }) => void] {
  const [location, setLocation] = useState(current);
  useEffect(() => {
    const follow = () => {
      setLocation(current());
    };
    window.addEventListener('popstate', follow);
    return () => {
      window.removeEventListener('popstate', follow);
    };
  }, []);
  const navigate = useCallback((path: string, { replace = false } = {}) => {
    if (replace) window.history.replaceState(null, '', path);
    else if (`${window.location.pathname}${window.location.search}` !== path) window.history.pushState(null, '', path);
    setLocation(current());
  }, []);
  return [location, navigate];
}
