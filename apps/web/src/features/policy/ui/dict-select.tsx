import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import type { DictType } from '@hqt/contract/policy';
import { dictionaryQuery } from '@/shared/api/dictionaries';

/** A list filter over one dictionary's codes, named by its placeholder. */
export function DictSelect({ dict, placeholder, value, onChange }: { dict: DictType; placeholder: string; value?: string; onChange: (v?: string) => void }) {
  const { data = [] } = useQuery(dictionaryQuery(dict));
  return (
    <Select
      allowClear
      placeholder={placeholder}
      aria-label={placeholder}
      value={value}
      onChange={onChange}
      options={data.map((d) => ({ value: d.code, label: d.label }))}
      style={{ minWidth: 140 }}
      popupMatchSelectWidth={false}
    />
  );
}
