// Reference data every database needs (not demo data): ensured at every start, idempotently.
// Only a dictionary with no items at all is filled: the bureau's administrators edit, add and
// delete items in the console, and a restart must neither undo an edit nor bring a deleted item back.
import type { DictType } from '@hqt/contract/policy';
import type { DictSeed } from '@hqt/contract/service';
import { SERVICE_DICTIONARIES } from '@hqt/contract/services';
import type { DbOrTx } from '../../db/client';
import { dictItems } from '../../db/schema/index';

type Entry = DictSeed;

export const DICTIONARIES: Record<DictType, readonly Entry[]> = {
  policyLevel: [['national', '国家级'], ['province', '省级'], ['city', '市级'], ['county', '县级']],
  department: [
    ['gxj', '云溪县工业和信息化局', { address: '云溪县城关镇人民路88号政务服务中心三楼', phone: '0839-7202345' }],
    ['kjj', '云溪县科学技术局', { address: '云溪县城关镇人民路88号政务服务中心四楼', phone: '0839-7202388' }],
    ['czj', '云溪县财政局', { address: '云溪县城关镇建设路12号', phone: '0839-7202156' }],
    ['rsj', '云溪县人力资源和社会保障局', { address: '云溪县城关镇文化路6号', phone: '0839-7203120' }],
    ['swj', '云溪县商务局', { address: '云溪县城关镇人民路88号政务服务中心二楼', phone: '0839-7202677' }],
    ['fgj', '云溪县发展和改革局', { address: '云溪县城关镇建设路10号', phone: '0839-7202210' }],
    ['scj', '云溪县市场监督管理局', { address: '云溪县云溪街道滨河路21号', phone: '0839-7205315' }],
    ['tax', '国家税务总局云溪县税务局', { address: '云溪县云溪街道迎宾大道9号', phone: '0839-12366' }],
  ],
  supportType: [['subsidy', '资金补助'], ['interest', '贷款贴息'], ['tax', '税收优惠'], ['award', '奖励'], ['honor', '资质认定'], ['talent', '人才支持']],
  guideMode: [['auto', '免申即享'], ['fast', '快申快享'], ['normal', '常规申报']],
  industry: [
    ['A', '农、林、牧、渔业'], ['B', '采矿业'], ['C', '制造业'], ['D', '电力、热力、燃气及水生产和供应业'], ['E', '建筑业'],
    ['F', '批发和零售业'], ['G', '交通运输、仓储和邮政业'], ['H', '住宿和餐饮业'], ['I', '信息传输、软件和信息技术服务业'], ['J', '金融业'],
    ['K', '房地产业'], ['L', '租赁和商务服务业'], ['M', '科学研究和技术服务业'], ['N', '水利、环境和公共设施管理业'],
    ['O', '居民服务、修理和其他服务业'], ['P', '教育'], ['Q', '卫生和社会工作'], ['R', '文化、体育和娱乐业'],
    ['S', '公共管理、社会保障和社会组织'], ['T', '国际组织'],
  ],
  scale: [['large', '大型'], ['medium', '中型'], ['small', '小型'], ['micro', '微型']],
  qualification: [
    ['hightech', '高新技术企业'], ['srdi', '专精特新中小企业'], ['littlegiant', '专精特新“小巨人”企业'],
    ['techsme', '科技型中小企业'], ['abovescale', '规模以上工业企业'], ['gazelle', '瞪羚企业'],
  ],
  region: [['chengguan', '城关镇'], ['yunxi', '云溪街道'], ['dongba', '东坝街道'], ['qinghe', '清河镇'], ['longtan', '龙潭镇'], ['shiqiao', '石桥镇'], ['baima', '白马乡'], ['park', '云溪经济开发区']],
  nature: [['state', '国有企业'], ['collective', '集体企业'], ['private', '民营企业'], ['foreign', '外商投资企业'], ['hkmt', '港澳台商投资企业'], ['other', '其他']],
  // each service's own dictionaries, with their items (its declaration in the contract)
  ...(Object.fromEntries(Object.entries(SERVICE_DICTIONARIES as Record<string, { seed: readonly DictSeed[] }>).map(([type, d]) => [type, d.seed])) as Record<keyof typeof SERVICE_DICTIONARIES, readonly DictSeed[]>),
};

export async function ensureDictionaries(db: DbOrTx): Promise<void> {
  const filled = new Set((await db.selectDistinct({ type: dictItems.dictType }).from(dictItems)).map((r) => r.type));
  const rows = Object.entries(DICTIONARIES)
    .filter(([dictType]) => !filled.has(dictType))
    .flatMap(([dictType, entries]) => entries.map(([code, label, extra], sort) => ({ dictType, code, label, sort, extra: extra ?? null })));
  if (rows.length) await db.insert(dictItems).values(rows).onConflictDoNothing({ target: [dictItems.dictType, dictItems.code] });
}
