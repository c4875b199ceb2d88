import type { ExportColumn } from '@/shared/lib/export-format';

const column = (field: string, title: string, kind?: ExportColumn['kind']): ExportColumn => ({ field, displayName: title, key: field, title, ...(kind ? { kind } : {}) });

export const GUIDE_EXPORT_COLUMNS: ExportColumn[] = [
  column('title', '指南名称'),
  column('policyTitle', '所属政策'),
  column('docNo', '文号'),
  column('departmentLabel', '发文部门'),
  column('levelLabel', '政策层级'),
  column('supportTypeLabel', '扶持方式'),
  column('modeLabel', '申报方式'),
  column('amountText', '支持标准'),
  column('windowStart', '申报开始', 'datetime'),
  column('windowEnd', '申报截止', 'datetime'),
  column('viewCount', '浏览量'),
];
