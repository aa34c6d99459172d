// What each route tells the app shell (title, layout, back button, guard). Its own module so that the route table
// and the shell both depend on it, not on each other.
export type LayoutName = 'empty' | 'autoClaim' | 'web';

export interface RouteMeta {
  /** The title in her language (read when shown); its query may change it (spec §2 /web/complete). */
  title: string | ((search: URLSearchParams) => string);
  layout?: LayoutName;
  /** No back button (spec §2 /excute). */
  hideBack?: boolean;
  /** Path contains /security/: the guard applies (spec §5). */
  guarded?: boolean;
}
