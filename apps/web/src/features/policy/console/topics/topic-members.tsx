// A topic's guides, in order: added from a search, ordered by drag and drop (or the arrow
// buttons, for the keyboard), removed one by one. The value is the ordered list of guide ids.
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, HolderOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Flex, Select } from 'antd';
import { useState } from 'react';
import type { ContentStatus } from '@hqt/contract/policy-console';
import { consoleKeys } from '@/shared/console/console-api';
import { content } from '../../api/content-api';
import { ContentStatusTag } from '@/shared/console/content-state';
import './topic-members.css';

export interface Member {
  id: number;
  title: string;
  status: ContentStatus;
}

function MemberRow({ member, index, count, onMove, onRemove }: { member: Member; index: number; count: number; onMove: (from: number, to: number) => void; onRemove: () => void }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: member.id });
  return (
    <li ref={setNodeRef} style={{ transform: CSS.Transform.toString(transform), transition, opacity: isDragging ? 0.6 : 1 }} className="topic-member">
      <Button type="text" size="small" icon={<HolderOutlined />} aria-label={`拖动排序：${member.title}`} {...attributes} {...listeners} style={{ cursor: 'grab' }} />
      <span className="topic-member-index">{index + 1}</span>
      <span className="topic-member-title">{member.title}</span>
      <ContentStatusTag status={member.status} />
      <Button type="text" size="small" icon={<ArrowUpOutlined />} aria-label={`上移：${member.title}`} disabled={index === 0} onClick={() => onMove(index, index - 1)} />
      <Button type="text" size="small" icon={<ArrowDownOutlined />} aria-label={`下移：${member.title}`} disabled={index === count - 1} onClick={() => onMove(index, index + 1)} />
      <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={`移除：${member.title}`} onClick={onRemove} />
    </li>
  );
}

export function TopicMembers({ members, onChange }: { members: Member[]; onChange: (members: Member[]) => void }) {
  const [keyword, setKeyword] = useState('');
  const sensors = useSensors(useSensor(PointerSensor), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const { data } = useQuery({ queryKey: [...consoleKeys.area('guide'), 'choose', keyword], queryFn: () => content('guide').page({ keyword: keyword || undefined, currentPage: 1, pageSize: 20 }) });
  const choices = (data?.list ?? []).filter((g) => !members.some((m) => m.id === g.id)).map((g) => ({ value: g.id, label: g.title, guide: g }));
  const move = (from: number, to: number) => onChange(arrayMove(members, from, to));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    move(members.findIndex((m) => m.id === active.id), members.findIndex((m) => m.id === over.id));
  };

  return (
    <Flex vertical gap={8}>
      <Select
        showSearch
        filterOption={false}
        onSearch={setKeyword}
        value={null}
        placeholder="搜索申报指南，选中即加入专题"
        aria-label="添加申报指南"
        options={choices}
        onChange={(id: number) => {
          const guide = choices.find((c) => c.value === id)?.guide;
          if (guide) onChange([...members, { id: guide.id, title: guide.title, status: guide.status }]);
        }}
        disabled={members.length >= 200}
      />
      {members.length === 0 ? (
        <Empty description="尚未加入申报指南" />
      ) : (
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
          <SortableContext items={members.map((m) => m.id)} strategy={verticalListSortingStrategy}>
            <ol className="topic-members" aria-label="专题中的申报指南">
              {members.map((m, i) => (
                <MemberRow key={m.id} member={m} index={i} count={members.length} onMove={move} onRemove={() => onChange(members.filter((x) => x.id !== m.id))} />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      )}
    </Flex>
  );
}
