// The bureau a code card names: the dictionary `department` item gxj (工信局), its label and phone.
import { useQuery } from '@tanstack/react-query';
import { dictionaryQuery } from '@/shared/api/dictionaries';

const BUREAU_CODE = 'gxj';

export interface Bureau {
  name: string;
  phone: string | null;
}

export function useBureau(): Bureau | null {
  const { data } = useQuery(dictionaryQuery('department'));
  const item = data?.find((i) => i.code === BUREAU_CODE);
  if (!item) return null;
  const phone = item.extra?.phone;
  return { name: item.label, phone: phone === undefined ? null : String(phone) };
}
