// Demo content for the fictional 云溪县: 25 policies, 60 guides, 5 topics, with application
// windows set relative to the day the demo data are created (some open, some closing soon,
// some upcoming, some closed). Created in demo mode only (setup/demo.ts).
import type { AmountRule, Condition, EligibilityRules } from '@hqt/contract/policy';
import type { DbOrTx } from '../../db/client';
import { guides, policies, topicGuides, topics } from '../../db/schema/index';
import { sanitizeHtml } from '../../lib/sanitize';
import { DICTIONARIES } from '../dict/public';

interface GuideSeed {
  title: string;
  summary: string;
  supportType: string;
  mode: string;
  amount: AmountRule;
  /** OR across groups, AND within one. */
  rules: Condition[][];
  beneficiaries: string;
  industries?: string[];
}

interface PolicySeed {
  title: string;
  docNo: string;
  department: string;
  level: string;
  guides: GuideSeed[];
}

const ge = (field: Condition['field'], value: number, year?: 'last' | 'current'): Condition => ({ field, op: 'gte', value, ...(year ? { year } : {}) });
const has = (code: string): Condition => ({ field: 'qualification', op: 'has', value: code });
const inIndustry = (...codes: string[]): Condition => ({ field: 'industry', op: 'in', value: codes });
const scaleIn = (...codes: string[]): Condition => ({ field: 'scale', op: 'in', value: codes });
const fixed = (amount: number): AmountRule => ({ kind: 'fixed', amount });

const POLICIES: PolicySeed[] = [
  {
    title: '云溪县促进制造业高质量发展的若干政策措施',
    docNo: '云府发〔2026〕8号',
    department: 'gxj',
    level: 'county',
    guides: [
      { title: '规上工业企业首次入规奖励', summary: '对首次纳入规模以上工业统计的企业给予一次性奖励。', supportType: 'award', mode: 'auto', amount: fixed(10), rules: [[has('abovescale'), ge('foundedYears', 1)]], beneficiaries: '首次纳入规上工业统计的制造业企业', industries: ['C'] },
      { title: '工业企业技术改造设备投资补助', summary: '按技术改造项目设备投资额给予比例补助。', supportType: 'subsidy', mode: 'normal', amount: { kind: 'rate', base: 'investment', rate: 0.08, cap: 200 }, rules: [[ge('investment', 500, 'last'), inIndustry('C')]], beneficiaries: '在县内实施技术改造的工业企业', industries: ['C'] },
      { title: '工业企业产值增长奖励', summary: '对年度营业收入增长较快的规上工业企业给予阶梯奖励。', supportType: 'award', mode: 'fast', amount: { kind: 'tiered', base: 'revenue', tiers: [{ min: 5000, amount: 5 }, { min: 20000, amount: 15 }, { min: 50000, amount: 30 }] }, rules: [[has('abovescale'), ge('revenue', 5000, 'last')]], beneficiaries: '规模以上工业企业', industries: ['C'] },
    ],
  },
  {
    title: '云溪县支持科技创新的实施办法',
    docNo: '云府办发〔2026〕15号',
    department: 'kjj',
    level: 'county',
    guides: [
      { title: '企业研发投入补助', summary: '对上年度研发投入较高的企业，按研发费用的一定比例给予补助。', supportType: 'subsidy', mode: 'fast', amount: { kind: 'rate', base: 'rdExpense', rate: 0.1, cap: 100 }, rules: [[ge('rdExpense', 100, 'last')], [has('hightech'), ge('rdExpense', 50, 'last')]], beneficiaries: '在县内注册、依法纳税并开展研发活动的企业' },
      { title: '高新技术企业首次认定奖励', summary: '对首次通过高新技术企业认定的企业给予一次性奖励。', supportType: 'award', mode: 'auto', amount: fixed(20), rules: [[has('hightech')]], beneficiaries: '首次认定的高新技术企业' },
      { title: '科技型中小企业入库奖励', summary: '对入库国家科技型中小企业信息库的企业给予奖励。', supportType: 'award', mode: 'auto', amount: fixed(2), rules: [[has('techsme')]], beneficiaries: '当年入库的科技型中小企业' },
    ],
  },
  {
    title: '关于进一步完善研发费用税前加计扣除政策的公告',
    docNo: '财政部 税务总局公告2023年第7号',
    department: 'tax',
    level: 'national',
    guides: [
      { title: '研发费用加计扣除', summary: '企业开展研发活动中实际发生的研发费用，按实际发生额的100%在税前加计扣除。', supportType: 'tax', mode: 'auto', amount: { kind: 'rate', base: 'rdExpense', rate: 0.25 }, rules: [[ge('rdExpense', 1, 'last')]], beneficiaries: '会计核算健全、实行查账征收并能准确归集研发费用的居民企业' },
      { title: '制造业企业研发费用加计扣除预缴享受', summary: '制造业企业可在预缴申报时选择享受上半年研发费用加计扣除。', supportType: 'tax', mode: 'fast', amount: { kind: 'rate', base: 'rdExpense', rate: 0.125 }, rules: [[inIndustry('C'), ge('rdExpense', 1, 'current')]], beneficiaries: '以制造业为主营业务的居民企业', industries: ['C'] },
    ],
  },
  {
    title: '四川省优质中小企业梯度培育管理实施细则',
    docNo: '川经信企业〔2026〕21号',
    department: 'gxj',
    level: 'province',
    guides: [
      { title: '省级专精特新中小企业认定', summary: '组织开展省级专精特新中小企业认定，认定后纳入梯度培育库。', supportType: 'honor', mode: 'normal', amount: { kind: 'none' }, rules: [[scaleIn('medium', 'small', 'micro'), ge('foundedYears', 2), ge('rdRatio', 3, 'last')]], beneficiaries: '在省内登记注册、具有独立法人资格的中小企业' },
      { title: '专精特新中小企业培育奖励', summary: '对新认定的省级专精特新中小企业给予一次性奖励。', supportType: 'award', mode: 'auto', amount: fixed(20), rules: [[has('srdi')]], beneficiaries: '新认定的省级专精特新中小企业' },
      { title: '专精特新“小巨人”企业奖励', summary: '对新认定的国家级专精特新“小巨人”企业给予一次性奖励。', supportType: 'award', mode: 'auto', amount: fixed(50), rules: [[has('littlegiant')]], beneficiaries: '新认定的国家级专精特新“小巨人”企业' },
    ],
  },
  {
    title: '云溪县中小微企业贷款贴息实施办法',
    docNo: '云财发〔2026〕4号',
    department: 'czj',
    level: 'county',
    guides: [
      { title: '中小微企业流动资金贷款贴息', summary: '对企业在县内银行机构取得的流动资金贷款给予贴息。', supportType: 'interest', mode: 'fast', amount: { kind: 'rate', base: 'revenue', rate: 0.002, cap: 30 }, rules: [[scaleIn('medium', 'small', 'micro')]], beneficiaries: '在县内注册的中小微企业' },
      { title: '创业担保贷款贴息', summary: '对符合条件的小微企业创业担保贷款给予全额贴息。', supportType: 'interest', mode: 'normal', amount: fixed(15), rules: [[scaleIn('small', 'micro'), ge('staff', 5)]], beneficiaries: '当年新招用符合条件人员的小微企业' },
    ],
  },
  {
    title: '云溪县人才引进与培育若干措施',
    docNo: '云委人才〔2026〕3号',
    department: 'rsj',
    level: 'county',
    guides: [
      { title: '高层次人才安家补贴', summary: '企业引进的高层次人才，按层次给予安家补贴。', supportType: 'talent', mode: 'normal', amount: fixed(30), rules: [[ge('staff', 10)]], beneficiaries: '引进高层次人才的县内企业' },
      { title: '企业新招用高校毕业生社保补贴', summary: '对企业新招用离校两年内高校毕业生，按实际缴纳的社会保险费给予补贴。', supportType: 'talent', mode: 'fast', amount: { kind: 'perUnit', base: 'socialInsurance', perUnit: 0.3, cap: 20 }, rules: [[ge('socialInsurance', 1, 'current')]], beneficiaries: '新招用高校毕业生并依法参保的企业' },
      { title: '技能人才培训补贴', summary: '企业组织职工参加职业技能培训并取得证书的，按人给予补贴。', supportType: 'talent', mode: 'normal', amount: { kind: 'perUnit', base: 'staff', perUnit: 0.1, cap: 10 }, rules: [[ge('staff', 20)]], beneficiaries: '开展职工技能培训的企业' },
    ],
  },
  {
    title: '云溪县稳岗就业支持政策',
    docNo: '云人社发〔2026〕11号',
    department: 'rsj',
    level: 'county',
    guides: [
      { title: '失业保险稳岗返还', summary: '对不裁员或少裁员的参保企业，返还上年度实际缴纳失业保险费的一定比例。', supportType: 'subsidy', mode: 'auto', amount: { kind: 'perUnit', base: 'socialInsurance', perUnit: 0.05, cap: 50 }, rules: [[ge('socialInsurance', 1, 'last')]], beneficiaries: '依法参加失业保险并足额缴费的企业' },
      { title: '一次性扩岗补助', summary: '对招用登记失业青年并签订劳动合同的企业给予一次性扩岗补助。', supportType: 'subsidy', mode: 'fast', amount: fixed(0.15), rules: [[ge('staff', 1)]], beneficiaries: '招用16-24岁登记失业青年的企业' },
    ],
  },
  {
    title: '云溪县数字经济发展扶持办法',
    docNo: '云府发〔2026〕12号',
    department: 'gxj',
    level: 'county',
    guides: [
      { title: '企业上云用云补助', summary: '对企业购买云服务开展数字化转型的，按实际支出给予补助。', supportType: 'subsidy', mode: 'fast', amount: { kind: 'rate', base: 'investment', rate: 0.3, cap: 10 }, rules: [[scaleIn('medium', 'small', 'micro')]], beneficiaries: '开展上云用云的中小企业' },
      { title: '智能制造示范车间奖励', summary: '对认定为市级以上智能制造示范车间的企业给予奖励。', supportType: 'award', mode: 'normal', amount: { kind: 'tiered', base: 'investment', tiers: [{ min: 300, amount: 20 }, { min: 1000, amount: 50 }] }, rules: [[inIndustry('C'), ge('investment', 300, 'last')]], beneficiaries: '建成智能制造车间的制造业企业', industries: ['C'] },
      { title: '软件和信息技术服务企业成长奖励', summary: '对营业收入首次突破一定规模的软件和信息技术服务企业给予奖励。', supportType: 'award', mode: 'fast', amount: fixed(10), rules: [[inIndustry('I'), ge('revenue', 2000, 'last')]], beneficiaries: '软件和信息技术服务企业', industries: ['I'] },
    ],
  },
  {
    title: '云溪县促进外贸稳规模优结构若干措施',
    docNo: '云商务发〔2026〕5号',
    department: 'swj',
    level: 'county',
    guides: [
      { title: '外贸企业出口信用保险保费补助', summary: '对企业投保短期出口信用保险的保费给予补助。', supportType: 'subsidy', mode: 'fast', amount: { kind: 'rate', base: 'revenue', rate: 0.001, cap: 20 }, rules: [[ge('revenue', 100, 'last')]], beneficiaries: '有出口实绩的外贸企业' },
      { title: '境外展会参展补助', summary: '对企业参加境外重点展会的展位费给予补助。', supportType: 'subsidy', mode: 'normal', amount: fixed(5), rules: [[ge('staff', 5)]], beneficiaries: '参加境外展会的县内企业' },
    ],
  },
  {
    title: '云溪县促进消费提质扩容若干措施',
    docNo: '云商务发〔2026〕9号',
    department: 'swj',
    level: 'county',
    guides: [
      { title: '限上商贸企业新增入库奖励', summary: '对新纳入限额以上统计的批发零售、住宿餐饮企业给予奖励。', supportType: 'award', mode: 'auto', amount: fixed(5), rules: [[inIndustry('F', 'H')]], beneficiaries: '新增限上批零住餐企业', industries: ['F', 'H'] },
      { title: '商贸企业销售额增长奖励', summary: '对年度销售额增长的限上商贸企业给予阶梯奖励。', supportType: 'award', mode: 'fast', amount: { kind: 'tiered', base: 'revenue', tiers: [{ min: 2000, amount: 3 }, { min: 10000, amount: 8 }] }, rules: [[inIndustry('F'), ge('revenue', 2000, 'last')]], beneficiaries: '限额以上批发零售企业', industries: ['F'] },
    ],
  },
  {
    title: '云溪县知识产权强县建设扶持办法',
    docNo: '云市监发〔2026〕7号',
    department: 'scj',
    level: 'county',
    guides: [
      { title: '发明专利授权资助', summary: '对企业获得国内发明专利授权的，按件给予资助。', supportType: 'subsidy', mode: 'fast', amount: { kind: 'perUnit', base: 'patents', perUnit: 0.5, cap: 10 }, rules: [[ge('patents', 1)]], beneficiaries: '获得发明专利授权的县内企业' },
      { title: '知识产权质押融资贴息', summary: '对以知识产权质押方式取得银行贷款的企业给予贴息。', supportType: 'interest', mode: 'normal', amount: fixed(10), rules: [[ge('patents', 1)]], beneficiaries: '开展知识产权质押融资的企业' },
      { title: '商标品牌培育奖励', summary: '对新获得中国驰名商标认定的企业给予奖励。', supportType: 'award', mode: 'normal', amount: fixed(30), rules: [[ge('foundedYears', 3)]], beneficiaries: '获得驰名商标认定的企业' },
    ],
  },
  {
    title: '云溪县绿色低碳发展专项资金管理办法',
    docNo: '云发改发〔2026〕6号',
    department: 'fgj',
    level: 'county',
    guides: [
      { title: '节能降碳技术改造补助', summary: '对实施节能降碳技术改造项目的企业按投资额给予补助。', supportType: 'subsidy', mode: 'normal', amount: { kind: 'rate', base: 'investment', rate: 0.1, cap: 150 }, rules: [[ge('investment', 200, 'last')]], beneficiaries: '实施节能技改的工业企业', industries: ['C', 'D'] },
      { title: '绿色工厂认定奖励', summary: '对新认定为国家级、省级绿色工厂的企业给予奖励。', supportType: 'award', mode: 'auto', amount: { kind: 'tiered', base: 'revenue', tiers: [{ min: 0, amount: 20 }, { min: 10000, amount: 50 }] }, rules: [[has('abovescale')]], beneficiaries: '新认定绿色工厂的企业', industries: ['C'] },
    ],
  },
  {
    title: '四川省制造业企业设备更新贷款财政贴息实施方案',
    docNo: '川财建〔2026〕33号',
    department: 'czj',
    level: 'province',
    guides: [
      { title: '设备更新贷款财政贴息', summary: '对制造业企业设备更新改造贷款给予1.5个百分点的财政贴息。', supportType: 'interest', mode: 'normal', amount: { kind: 'rate', base: 'investment', rate: 0.015, cap: 300 }, rules: [[inIndustry('C'), ge('investment', 100, 'current')]], beneficiaries: '实施设备更新的制造业企业', industries: ['C'] },
      { title: '首台（套）重大技术装备保险补偿', summary: '对首台（套）重大技术装备投保给予保费补贴。', supportType: 'subsidy', mode: 'normal', amount: fixed(80), rules: [[inIndustry('C'), has('hightech')]], beneficiaries: '生产首台（套）装备的制造业企业', industries: ['C'] },
    ],
  },
  {
    title: '云溪县小微企业和个体工商户纾困帮扶措施',
    docNo: '云府办发〔2026〕21号',
    department: 'fgj',
    level: 'county',
    guides: [
      { title: '小微企业房租减免补助', summary: '对承租国有房屋的小微企业和个体工商户减免部分租金。', supportType: 'subsidy', mode: 'auto', amount: fixed(2), rules: [[scaleIn('small', 'micro')]], beneficiaries: '承租国有房屋的小微企业和个体工商户' },
      { title: '小微企业增值税减免', summary: '小规模纳税人月销售额10万元以下的免征增值税。', supportType: 'tax', mode: 'auto', amount: { kind: 'none' }, rules: [[scaleIn('micro')]], beneficiaries: '增值税小规模纳税人' },
      { title: '个体工商户“个转企”奖励', summary: '对个体工商户转型升级为企业的给予一次性奖励。', supportType: 'award', mode: 'fast', amount: fixed(1), rules: [[ge('foundedYears', 1)]], beneficiaries: '完成“个转企”的市场主体' },
    ],
  },
  {
    title: '云溪县促进农产品加工业发展若干措施',
    docNo: '云农发〔2026〕2号',
    department: 'fgj',
    level: 'county',
    guides: [
      { title: '农产品加工企业贷款贴息', summary: '对农产品加工企业收购农产品的流动资金贷款给予贴息。', supportType: 'interest', mode: 'normal', amount: fixed(20), rules: [[inIndustry('A', 'C')]], beneficiaries: '县级以上农业产业化龙头企业', industries: ['A', 'C'] },
      { title: '农产品精深加工设备补助', summary: '对新购置精深加工设备的企业按投资额给予补助。', supportType: 'subsidy', mode: 'normal', amount: { kind: 'rate', base: 'investment', rate: 0.15, cap: 50 }, rules: [[inIndustry('A', 'C'), ge('investment', 50, 'current')]], beneficiaries: '农产品加工企业', industries: ['A', 'C'] },
    ],
  },
  {
    title: '云溪县文化旅游产业发展扶持办法',
    docNo: '云府发〔2026〕17号',
    department: 'swj',
    level: 'county',
    guides: [
      { title: '星级饭店和A级景区创建奖励', summary: '对新评定的星级饭店、A级景区给予一次性奖励。', supportType: 'award', mode: 'normal', amount: fixed(30), rules: [[inIndustry('H', 'R')]], beneficiaries: '新评定的星级饭店和A级景区经营企业', industries: ['H', 'R'] },
      { title: '旅游包车奖励', summary: '对组织外地游客来县旅游的旅行社按人次给予奖励。', supportType: 'award', mode: 'fast', amount: fixed(3), rules: [[inIndustry('L')]], beneficiaries: '组织游客来县的旅行社', industries: ['L'] },
    ],
  },
  {
    title: '云溪县建筑业高质量发展若干措施',
    docNo: '云住建发〔2026〕4号',
    department: 'fgj',
    level: 'county',
    guides: [
      { title: '建筑业企业资质升级奖励', summary: '对资质升级的建筑业企业给予一次性奖励。', supportType: 'award', mode: 'normal', amount: fixed(20), rules: [[inIndustry('E')]], beneficiaries: '在县内注册的建筑业企业', industries: ['E'] },
      { title: '建筑业产值增长奖励', summary: '对年产值增长较快的建筑业企业给予阶梯奖励。', supportType: 'award', mode: 'fast', amount: { kind: 'tiered', base: 'revenue', tiers: [{ min: 10000, amount: 10 }, { min: 50000, amount: 30 }] }, rules: [[inIndustry('E'), ge('revenue', 10000, 'last')]], beneficiaries: '建筑业企业', industries: ['E'] },
    ],
  },
  {
    title: '关于进一步实施小微企业所得税优惠政策的公告',
    docNo: '财政部 税务总局公告2023年第12号',
    department: 'tax',
    level: 'national',
    guides: [
      { title: '小型微利企业所得税减免', summary: '对小型微利企业减按25%计入应纳税所得额，按20%的税率缴纳企业所得税。', supportType: 'tax', mode: 'auto', amount: { kind: 'none' }, rules: [[scaleIn('small', 'micro'), { field: 'staff', op: 'lte', value: 300 }]], beneficiaries: '从事国家非限制和禁止行业的小型微利企业' },
      { title: '高新技术企业所得税优惠', summary: '国家需要重点扶持的高新技术企业，减按15%的税率征收企业所得税。', supportType: 'tax', mode: 'auto', amount: { kind: 'rate', base: 'tax', rate: 0.4 }, rules: [[has('hightech')]], beneficiaries: '经认定的高新技术企业' },
    ],
  },
  {
    title: '云溪县促进企业上市挂牌扶持办法',
    docNo: '云府办发〔2026〕9号',
    department: 'czj',
    level: 'county',
    guides: [
      { title: '企业股改奖励', summary: '对完成股份制改造的企业给予一次性奖励。', supportType: 'award', mode: 'normal', amount: fixed(30), rules: [[ge('revenue', 5000, 'last')]], beneficiaries: '完成股改的拟上市企业' },
      { title: '企业上市挂牌奖励', summary: '对在境内外证券交易所上市的企业分阶段给予奖励。', supportType: 'award', mode: 'normal', amount: fixed(300), rules: [[ge('revenue', 20000, 'last')]], beneficiaries: '成功上市的企业' },
    ],
  },
  {
    title: '云溪县招商引资优惠政策（修订）',
    docNo: '云府发〔2025〕26号',
    department: 'fgj',
    level: 'county',
    guides: [
      { title: '新引进工业项目固定资产投资奖励', summary: '对新引进的工业项目，按实际完成的设备投资给予奖励。', supportType: 'award', mode: 'normal', amount: { kind: 'rate', base: 'investment', rate: 0.05, cap: 500 }, rules: [[ge('investment', 3000, 'current')]], beneficiaries: '新引进的工业项目投资主体', industries: ['C'] },
      { title: '总部经济企业落户奖励', summary: '对新迁入的企业总部按注册资本给予落户奖励。', supportType: 'award', mode: 'normal', amount: { kind: 'tiered', base: 'registeredCapital', tiers: [{ min: 5000, amount: 50 }, { min: 20000, amount: 150 }] }, rules: [[ge('registeredCapital', 5000)]], beneficiaries: '新迁入的企业总部' },
    ],
  },
  {
    title: '云溪县支持企业参与标准化建设奖励办法',
    docNo: '云市监发〔2026〕2号',
    department: 'scj',
    level: 'county',
    guides: [
      { title: '主导制定标准奖励', summary: '对主导制定国际、国家、行业标准的企业给予奖励。', supportType: 'award', mode: 'normal', amount: { kind: 'tiered', base: 'patents', tiers: [{ min: 0, amount: 10 }, { min: 5, amount: 30 }] }, rules: [[ge('foundedYears', 2)]], beneficiaries: '主导标准制定的企业' },
      { title: '质量管理体系认证补助', summary: '对首次通过质量管理体系认证的企业给予补助。', supportType: 'subsidy', mode: 'fast', amount: fixed(2), rules: [[ge('staff', 10)]], beneficiaries: '首次通过认证的企业' },
    ],
  },
  {
    title: '绵州市工业企业“满负荷生产”奖励办法',
    docNo: '绵经信发〔2026〕14号',
    department: 'gxj',
    level: 'city',
    guides: [
      { title: '工业企业满负荷生产奖励', summary: '对一季度产值增长的规上工业企业给予用电奖励。', supportType: 'award', mode: 'auto', amount: { kind: 'tiered', base: 'revenue', tiers: [{ min: 2000, amount: 5 }, { min: 10000, amount: 10 }] }, rules: [[has('abovescale')]], beneficiaries: '规模以上工业企业', industries: ['C'] },
      { title: '企业技术中心认定奖励', summary: '对新认定的市级以上企业技术中心给予奖励。', supportType: 'award', mode: 'normal', amount: fixed(20), rules: [[ge('rdExpense', 200, 'last')]], beneficiaries: '新认定企业技术中心的企业' },
      { title: '工业企业稳产增效电费补贴', summary: '对用电量同比增长的规上工业企业给予电费补贴。', supportType: 'subsidy', mode: 'auto', amount: fixed(8), rules: [[has('abovescale'), ge('staff', 50)]], beneficiaries: '规模以上工业企业', industries: ['C'] },
    ],
  },
  {
    title: '云溪县物流业降本增效若干措施',
    docNo: '云发改发〔2026〕13号',
    department: 'fgj',
    level: 'county',
    guides: [
      { title: '物流企业冷链设施建设补助', summary: '对新建冷链仓储设施的物流企业按投资额给予补助。', supportType: 'subsidy', mode: 'normal', amount: { kind: 'rate', base: 'investment', rate: 0.1, cap: 100 }, rules: [[inIndustry('G'), ge('investment', 100, 'current')]], beneficiaries: '在县内从事仓储物流的企业', industries: ['G'] },
      { title: '快递进村补助', summary: '对开展快递进村服务的企业按服务网点给予运营补助。', supportType: 'subsidy', mode: 'fast', amount: fixed(3), rules: [[inIndustry('G')]], beneficiaries: '开展农村寄递服务的企业', industries: ['G'] },
      { title: '多式联运示范项目奖励', summary: '对纳入省级多式联运示范工程的项目给予奖励。', supportType: 'award', mode: 'normal', amount: fixed(40), rules: [[inIndustry('G'), ge('revenue', 3000, 'last')]], beneficiaries: '多式联运示范项目承担企业', industries: ['G'] },
    ],
  },
  {
    title: '云溪县中小企业公共服务体系建设扶持办法',
    docNo: '云工信发〔2026〕12号',
    department: 'gxj',
    level: 'county',
    guides: [
      { title: '中小企业服务券', summary: '向中小企业发放服务券，用于购买管理咨询、检验检测等专业服务。', supportType: 'subsidy', mode: 'fast', amount: fixed(1), rules: [[scaleIn('small', 'micro')]], beneficiaries: '县内中小微企业' },
      { title: '小微企业创业创新示范基地奖励', summary: '对新认定的省级以上小微企业创业创新示范基地给予奖励。', supportType: 'award', mode: 'normal', amount: fixed(50), rules: [[ge('foundedYears', 3)]], beneficiaries: '示范基地运营主体' },
      { title: '创新型中小企业培育补助', summary: '对新评价为创新型中小企业的给予一次性培育补助。', supportType: 'subsidy', mode: 'auto', amount: fixed(3), rules: [[scaleIn('medium', 'small', 'micro'), ge('rdExpense', 10, 'last')]], beneficiaries: '新评价的创新型中小企业' },
    ],
  },
  {
    title: '云溪县支持工业园区企业发展若干措施',
    docNo: '云开管发〔2026〕1号',
    department: 'gxj',
    level: 'county',
    guides: [
      { title: '园区企业标准厂房租金补贴', summary: '对入驻云溪经济开发区标准厂房的工业企业给予租金补贴。', supportType: 'subsidy', mode: 'fast', amount: fixed(12), rules: [[{ field: 'region', op: 'in', value: ['park'] }, inIndustry('C')]], beneficiaries: '入驻园区标准厂房的工业企业', industries: ['C'] },
      { title: '园区企业用工招聘补助', summary: '对园区企业通过人力资源市场招聘员工给予补助。', supportType: 'talent', mode: 'fast', amount: { kind: 'perUnit', base: 'staff', perUnit: 0.05, cap: 5 }, rules: [[{ field: 'region', op: 'in', value: ['park'] }]], beneficiaries: '云溪经济开发区内企业' },
    ],
  },
];

const MATERIALS: Record<string, string[]> = {
  auto: ['无需提交材料，符合条件的企业由系统自动兑现'],
  fast: ['申请表（系统在线填写）', '营业执照（系统自动调取）', '相关证明材料扫描件'],
  normal: ['申请表（加盖公章）', '营业执照复印件', '上年度财务审计报告', '项目相关证明材料', '信用承诺书'],
};
const STEPS: Record<string, string[]> = {
  auto: ['系统比对企业数据', '主管部门确认名单', '资金直接拨付至企业账户'],
  fast: ['在线提交申请', '主管部门审核（5个工作日内）', '公示', '资金拨付'],
  normal: ['在线或窗口提交申请材料', '主管部门初审', '专家评审或现场核查', '结果公示（5个工作日）', '资金拨付'],
};

const DAY = 86_400_000;
/** Windows relative to today: closed, closing within a week, open, upcoming, in turn. */
function windowFor(i: number, now: number): [Date, Date] {
  switch (i % 6) {
    case 0:
      return [new Date(now - 120 * DAY), new Date(now - 15 * DAY)]; // closed
    case 1:
      return [new Date(now - 40 * DAY), new Date(now + 4 * DAY + (i % 3) * DAY)]; // closing soon
    case 2:
      return [new Date(now + 12 * DAY), new Date(now + 72 * DAY)]; // upcoming
    default:
      return [new Date(now - (20 + i) * DAY), new Date(now + (30 + 2 * i) * DAY)]; // open
  }
}

const labelOf = (type: keyof typeof DICTIONARIES, code: string) => DICTIONARIES[type].find(([c]) => c === code)?.[1] ?? code;
const deptOf = (code: string) => {
  const entry = DICTIONARIES.department.find(([c]) => c === code)!;
  return { name: entry[1], address: String(entry[2]?.address), phone: String(entry[2]?.phone) };
};

function policyHtml(p: PolicySeed): string {
  const rows = p.guides.map((g) => `<tr><td>${g.title}</td><td>${g.summary}</td><td>${labelOf('guideMode', g.mode)}</td></tr>`).join('');
  return `
<h2>第一章 总则</h2>
<p>为深入贯彻落实党中央、国务院关于促进民营经济和中小企业发展的决策部署，进一步优化营商环境，激发市场主体活力，结合${p.level === 'county' ? '我县' : '本地区'}实际，制定本${p.title.endsWith('办法') ? '办法' : '措施'}。</p>
<p>本政策适用于在<strong>云溪县</strong>行政区域内依法登记注册、具有独立法人资格、实行独立核算且信用良好的企业。</p>
<h2>第二章 支持内容</h2>
<ol>${p.guides.map((g) => `<li><strong>${g.title}。</strong>${g.summary}</li>`).join('')}</ol>
<table><thead><tr><th>支持事项</th><th>支持内容</th><th>申报方式</th></tr></thead><tbody>${rows}</tbody></table>
<h2>第三章 申报与兑现</h2>
<ul><li>企业通过“惠企通”平台在线申报，实行一次告知、一窗受理、限时办结。</li><li>同一项目同时符合本县多项扶持政策的，按“从高不重复”原则执行。</li><li>弄虚作假骗取扶持资金的，依法追回资金并纳入失信记录。</li></ul>
<h2>第四章 附则</h2>
<p>本政策由${deptOf(p.department).name}负责解释，自印发之日起施行，有效期三年。</p>`;
}

function interpretationHtml(p: PolicySeed): string {
  return `<h3>一、出台背景</h3><p>${p.title}旨在降低企业经营成本、支持企业做大做强。</p><h3>二、主要内容</h3><p>共包含${p.guides.length}项支持事项：${p.guides.map((g) => g.title).join('、')}。</p><h3>三、咨询方式</h3><p>咨询电话：${deptOf(p.department).phone}。</p>`;
}

const TOPICS: { title: string; summary: string; cover: string; pick: (g: GuideSeed) => boolean }[] = [
  { title: '科技创新专题', summary: '研发投入、高企认定、知识产权等科技创新支持政策一站汇集。', cover: '#1658d8', pick: (g) => /研发|高新|科技|专利|技术中心/.test(g.title) },
  { title: '专精特新专题', summary: '优质中小企业梯度培育：创新型中小企业、专精特新、“小巨人”。', cover: '#c41d1d', pick: (g) => /专精特新|小巨人|服务券|示范基地/.test(g.title) },
  { title: '稳岗就业与人才专题', summary: '稳岗返还、扩岗补助、人才引进与技能培训。', cover: '#0e8f7e', pick: (g) => g.supportType === 'talent' || /稳岗|扩岗/.test(g.title) },
  { title: '融资支持专题', summary: '贷款贴息、担保、知识产权质押融资，缓解融资难融资贵。', cover: '#6b3fc2', pick: (g) => g.supportType === 'interest' },
  { title: '减税降费专题', summary: '国家和省各项税收优惠政策解读与享受指引。', cover: '#d46b08', pick: (g) => g.supportType === 'tax' },
];

export async function seedPolicyDemo(db: DbOrTx, now = Date.now()): Promise<void> {
  const guideIds: { id: number; seed: GuideSeed }[] = [];
  let guideIndex = 0;
  for (const [i, p] of POLICIES.entries()) {
    const [policy] = await db
      .insert(policies)
      .values({
        title: p.title,
        docNo: p.docNo,
        department: p.department,
        level: p.level,
        publishDate: new Date(now - (200 - i * 6) * DAY).toISOString().slice(0, 10),
        expiryDate: new Date(now + (900 + i * 10) * DAY).toISOString().slice(0, 10),
        contentHtml: sanitizeHtml(policyHtml(p)),
        interpretationHtml: sanitizeHtml(interpretationHtml(p)),
        attachments: [{ name: `${p.title}.pdf`, url: `https://www.yunxi.gov.cn/zcwj/${i + 1}.pdf` }],
      })
      .returning({ id: policies.id });
    for (const g of p.guides) {
      const [windowStart, windowEnd] = windowFor(guideIndex, now);
      const dept = deptOf(p.department);
      const eligibility: EligibilityRules = { groups: g.rules };
      const [row] = await db
        .insert(guides)
        .values({
          policyId: policy!.id,
          title: g.title,
          summary: g.summary,
          beneficiaries: g.beneficiaries,
          conditionsText: `申报企业须为${g.beneficiaries}，近三年无重大安全、环保、质量事故，未被列入严重失信主体名单。`,
          supportStandard: g.summary,
          eligibility,
          amountRule: g.amount,
          supportType: g.supportType,
          mode: g.mode,
          industries: g.industries ?? [],
          windowStart,
          windowEnd,
          payoutDays: g.mode === 'auto' ? 15 : g.mode === 'fast' ? 20 : 45,
          deptName: dept.name,
          deptAddress: dept.address,
          deptPhone: dept.phone,
          materials: MATERIALS[g.mode]!,
          steps: STEPS[g.mode]!,
          onlineUrl: g.mode === 'auto' ? null : `https://zwfw.yunxi.gov.cn/sb/${guideIndex + 1}`,
          viewCount: (guideIndex * 37) % 500,
          publishedAt: new Date(now - (180 - guideIndex * 3) * DAY),
        })
        .returning({ id: guides.id });
      guideIds.push({ id: row!.id, seed: g });
      guideIndex++;
    }
  }
  for (const [i, t] of TOPICS.entries()) {
    const [topic] = await db
      .insert(topics)
      .values({ title: t.title, summary: t.summary, cover: t.cover, startsAt: new Date(now - 60 * DAY), endsAt: i === 4 ? null : new Date(now + 300 * DAY), sort: i })
      .returning({ id: topics.id });
    const members = guideIds.filter((g) => t.pick(g.seed));
    if (members.length) await db.insert(topicGuides).values(members.map((m, position) => ({ topicId: topic!.id, guideId: m.id, position })));
  }
}
