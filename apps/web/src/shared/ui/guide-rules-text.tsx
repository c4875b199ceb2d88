/**
 * A guide's conditions in words, as the portal shows them: one line per 条件组 (OR across groups),
 * the conditions of a group joined by 「；且」 (AND within). The lines come from the contract's
 * describeCondition; the portal's guide drawer and the console's rules preview both render them
 * here, so the preview reads exactly as the portal will. A published guide without groups was
 * declared open to every enterprise (publishing refuses one merely left empty).
 */
export function GuideConditionGroups({ groups, emptyText = '面向所有企业' }: { groups: readonly (readonly string[])[]; emptyText?: string }) {
  if (groups.length === 0) return <>{emptyText}</>;
  return (
    <ul className="condition-groups" style={{ margin: 0, paddingLeft: 18 }}>
      {groups.map((group, i) => (
        <li key={i}>
          {i > 0 && <strong>或：</strong>}
          {group.join('；且 ')}
        </li>
      ))}
    </ul>
  );
}
