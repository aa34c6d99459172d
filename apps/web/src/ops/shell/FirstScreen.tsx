// /ops itself: the first screen the signed-in account may use (an operator's dashboard, a hospital user's month).
import { Navigate } from 'react-router';
import { NAV } from './nav';
import { mayUse, useMe } from '../auth/session';

export function FirstScreen() {
  const me = useMe();
  const first = NAV.find((item) => mayUse(me.data, item.role)) ?? NAV[1]!;
  return <Navigate to={first.to} replace />;
}
