// Views of one list as pressed buttons (the document requests' "open / answered"): the pressed one is the view shown;
// each press starts the list over from its first page.
export function ViewTabs<V extends string>(props: {
  label: string;
  value: V;
  views: readonly (readonly [V, string])[];
  onChange: (view: V) => void;
}) {
  return (
    <nav aria-label={props.label} className="ops-tabs">
      {props.views.map(([view, name]) => (
        <button key={view} type="button" aria-pressed={props.value === view} onClick={() => props.onChange(view)}>
          {name}
        </button>
      ))}
    </nav>
  );
}
