// On every screen change the new screen's heading takes focus, so a screen reader says where one is and the keyboard
// starts from the top of the new content.
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

export function useFocusHeading() {
  const ref = useRef<HTMLHeadingElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    ref.current?.focus();
  }, [pathname]);
  return ref;
}
