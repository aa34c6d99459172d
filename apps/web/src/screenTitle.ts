// A screen whose title depends on what it shows, not on its route: /security/applyHistory is "자동청구 신청" for a new
// enrolment's summary and "내 자동청구" for a subscriber's status. The screen names its title while it is shown; the
// app shell uses it for the header and the document title in place of the route's.
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { create } from 'zustand';

export const useTitleOverride = create<{ path: string; title: string }>(() => ({ path: '', title: '' }));

/** The title of the screen at this path while it is shown. */
export function useScreenTitle(title: string) {
  const { pathname } = useLocation();
  useEffect(() => {
    useTitleOverride.setState({ path: pathname, title });
    return () => useTitleOverride.setState({ path: '', title: '' });
  }, [pathname, title]);
}
