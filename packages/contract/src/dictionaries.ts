// Every dictionary the console's 字典管理 keeps, by type, with its name: the platform's own, then each
// service's (its declaration, services.ts). Read by the server and the console; the portal needs only
// the type (policy.ts re-exports it).
import { SERVICE_DICTIONARIES } from './services';

export const DICT_TYPES = {
  policyLevel: '政策层级',
  department: '发文部门',
  supportType: '扶持方式',
  guideMode: '申报方式',
  industry: '国民经济行业门类',
  scale: '企业规模',
  qualification: '企业资质',
  region: '乡镇街道',
  nature: '企业性质',
  // each service's own (its declaration, services.ts)
  ...(Object.fromEntries(Object.entries(SERVICE_DICTIONARIES).map(([type, d]) => [type, d.name])) as { [T in keyof typeof SERVICE_DICTIONARIES]: string }),
} as const;
export type DictType = keyof typeof DICT_TYPES;
