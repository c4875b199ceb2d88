// Demo content for the fictional 云溪县 (四川省绵州市): 25 policies, 60 guides, 5 topics, with
// application windows set relative to the day the demo data are created (some open, some closing
// soon, some upcoming, some closed), at office hours in China time. Created in demo mode only
// (setup/demo.ts).
//
// National and provincial documents read as what they are (issuer, 文号, wording); the county
// department attached to them (the 发文部门 dictionary holds the county's departments only) is the
// one that receives applications and answers questions locally.
import type { AmountRule, Condition, EligibilityRules } from '@hqt/contract/policy';
import type { DbOrTx } from '../../db/client';
import { guides, policies, topicGuides, topics } from '../../db/schema/index';
import { sanitizeHtml } from '../../lib/sanitize';
import { DICTIONARIES } from '../../services/dict/public';

/** How a guide is applied for and delivered: decides the default materials and steps. */
type Track = 'auto' | 'fast' | 'normal' | 'tax' | 'honor';

interface GuideSeed {
  title: string;
  /** One or two sentences for the card. */
  summary: string;
  /** The support standard in full, as the policy states it. */
  standard: string;
  /** The conditions in words; a county fund's usual terms when absent. */
  conditions?: string;
  supportType: string;
  mode: string;
  amount: AmountRule;
  /** OR across groups, AND within one. */
  rules: Condition[][];
  beneficiaries: string;
  industries?: string[];
  /** The department that receives the application, when not the policy's own. */
  contact?: string;
  track?: Track;
  materials?: string[];
  steps?: string[];
  onlineUrl?: string;
}

interface PolicySeed {
  title: string;
  docNo: string;
  /** A code of the 发文部门 dictionary: the county department in charge locally. */
  department: string;
  level: string;
  /** The issuing authority, as printed on the document. */
  issuer: string;
  /** A fixed date (national documents) or days before the seed day. */
  published: string | number;
  /** A fixed date, years after publication, or null: no end date. */
  expiry: string | number | null;
  /** 总则's first paragraph (county, city) or the whole text (national, provincial). */
  preamble: string;
  /** Who interprets it (附则), when not the department in charge. */
  interpreter?: string;
  /** Where it applies, when not the whole county or city. */
  scope?: string;
  /** Full text, for documents not written in the county's chapter form. */
  html?: string;
  interpretation?: string;
  guides: GuideSeed[];
}

const ge = (field: Condition['field'], value: number, year?: 'last' | 'current'): Condition => ({ field, op: 'gte', value, ...(year ? { year } : {}) });
const gt = (field: Condition['field'], value: number, year?: 'last' | 'current'): Condition => ({ field, op: 'gt', value, ...(year ? { year } : {}) });
const le = (field: Condition['field'], value: number, year?: 'last' | 'current'): Condition => ({ field, op: 'lte', value, ...(year ? { year } : {}) });
const has = (code: string): Condition => ({ field: 'qualification', op: 'has', value: code });
const inIndustry = (...codes: string[]): Condition => ({ field: 'industry', op: 'in', value: codes });
const scaleIn = (...codes: string[]): Condition => ({ field: 'scale', op: 'in', value: codes });
const inRegion = (...codes: string[]): Condition => ({ field: 'region', op: 'in', value: codes });
const fixed = (amount: number): AmountRule => ({ kind: 'fixed', amount });
const NONE: AmountRule = { kind: 'none' };

const ETAX = 'https://etax.sichuan.chinatax.gov.cn';
/** 企业所得税 relief: the enterprise judges, declares and keeps the papers (自行判别、申报享受、相关资料留存备查). */
const CIT_STEPS = ['企业对照政策自行判别是否符合条件', '在企业所得税预缴申报或年度汇算清缴时填报相关栏次，申报享受', '相关资料留存备查，接受税务机关后续管理'];

const POLICIES: PolicySeed[] = [
  {
    title: '云溪县促进制造业高质量发展的若干政策措施',
    docNo: '云府发〔2026〕8号',
    department: 'gxj',
    level: 'county',
    issuer: '云溪县人民政府',
    published: 300,
    expiry: 3,
    preamble: '为深入贯彻落实制造强国战略和省、市关于推进新型工业化的部署要求，加快构建以先进制造业为骨干的现代化产业体系，结合我县实际，制定本措施。',
    guides: [
      {
        title: '规上工业企业首次入规奖励',
        summary: '对当年首次纳入规模以上工业统计的企业，一次性奖励10万元。',
        standard: '对当年首次纳入规模以上工业统计（年主营业务收入2000万元及以上）并在库稳定运行的企业，一次性奖励10万元；退库后再次入库的不重复奖励。',
        conditions: '当年经统计部门审核首次纳入规模以上工业统计，且当年未退库；依法纳税，近三年未发生较大及以上安全、环保、质量事故，未被列入严重失信主体名单。',
        supportType: 'award',
        mode: 'auto',
        amount: fixed(10),
        rules: [[has('abovescale'), inIndustry('C'), ge('revenue', 2000, 'current')]],
        beneficiaries: '当年首次纳入规模以上工业统计的制造业企业',
        industries: ['C'],
      },
      {
        title: '工业企业技术改造设备投资补助',
        summary: '对设备投资500万元以上的技术改造项目，按设备投资额的5%给予补助，单个项目最高100万元。',
        standard: '对上年度竣工投产、生产性设备投资额500万元及以上的技术改造项目，按项目设备投资额（不含税）的5%给予补助，单个项目最高100万元。',
        conditions: '项目已在县发展和改革局或县工业和信息化局备案，上年度已竣工投产；设备购置发票开具时间在项目备案之后；近三年未发生较大及以上安全、环保、质量事故。',
        supportType: 'subsidy',
        mode: 'normal',
        amount: { kind: 'rate', base: 'investment', rate: 0.05, cap: 100 },
        rules: [[inIndustry('C'), ge('investment', 500, 'last')]],
        beneficiaries: '在县内实施技术改造的制造业企业',
        industries: ['C'],
      },
      {
        title: '专精特新中小企业培育奖励',
        summary: '对新认定的省级专精特新中小企业，一次性奖励10万元。',
        standard: '对当年新认定的省级专精特新中小企业，一次性奖励10万元；同一企业后续被认定为国家级专精特新“小巨人”企业的，按差额补足。',
        conditions: '当年经四川省经济和信息化厅认定为专精特新中小企业，且在认定有效期内。',
        supportType: 'award',
        mode: 'auto',
        amount: fixed(10),
        rules: [[has('srdi')]],
        beneficiaries: '当年新认定的省级专精特新中小企业',
      },
      {
        title: '专精特新“小巨人”企业奖励',
        summary: '对新认定的国家级专精特新“小巨人”企业，一次性奖励50万元。',
        standard: '对当年新认定的国家级专精特新“小巨人”企业，一次性奖励50万元；此前已获省级专精特新中小企业奖励的，扣除已奖励部分后补足。',
        conditions: '当年经工业和信息化部认定为专精特新“小巨人”企业，且在认定有效期内。',
        supportType: 'award',
        mode: 'auto',
        amount: fixed(50),
        rules: [[has('littlegiant')]],
        beneficiaries: '当年新认定的国家级专精特新“小巨人”企业',
      },
    ],
  },
  {
    title: '云溪县支持科技创新的实施办法',
    docNo: '云府办发〔2026〕15号',
    department: 'kjj',
    level: 'county',
    issuer: '云溪县人民政府办公室',
    published: 290,
    expiry: 3,
    preamble: '为深入实施创新驱动发展战略，强化企业科技创新主体地位，引导企业加大研发投入，结合我县实际，制定本办法。',
    guides: [
      {
        title: '企业研发投入补助',
        summary: '对上年度研发投入达到一定规模的企业，按研发费用的10%给予补助，单户最高100万元。',
        standard: '按企业上年度研发费用的10%给予补助，单户企业年度补助最高100万元。研发费用以企业所得税年度纳税申报表中填报的研发费用金额为准。',
        conditions: '上年度研发费用达到100万元，或属于高新技术企业且上年度研发费用达到50万元；已按规定设立研发费用辅助账，依法纳税，未被列入严重失信主体名单。',
        supportType: 'subsidy',
        mode: 'fast',
        amount: { kind: 'rate', base: 'rdExpense', rate: 0.1, cap: 100 },
        rules: [[ge('rdExpense', 100, 'last')], [has('hightech'), ge('rdExpense', 50, 'last')]],
        beneficiaries: '在县内注册、依法纳税并开展研发活动的企业',
        materials: ['研发投入补助申请表（在线填写）', '上年度企业所得税年度纳税申报表（含研发费用明细表）', '研发费用辅助账汇总表', '信用承诺书（在线签署）'],
      },
      {
        title: '高新技术企业首次认定奖励',
        summary: '对首次通过高新技术企业认定的企业，一次性奖励10万元。',
        standard: '对首次通过高新技术企业认定的企业一次性奖励10万元，每户限享受一次。',
        conditions: '当年经四川省高新技术企业认定管理机构认定并公布，证书在有效期内。',
        supportType: 'award',
        mode: 'auto',
        amount: fixed(10),
        rules: [[has('hightech')]],
        beneficiaries: '当年首次通过认定的高新技术企业',
      },
      {
        title: '科技型中小企业入库奖励',
        summary: '对当年首次评价入库的科技型中小企业，一次性奖励2万元。',
        standard: '对当年首次通过全国科技型中小企业信息服务平台评价并取得入库登记编号的企业，一次性奖励2万元，每户限享受一次。',
        conditions: '当年首次取得科技型中小企业入库登记编号，入库信息未被撤销。',
        supportType: 'award',
        mode: 'auto',
        amount: fixed(2),
        rules: [[has('techsme')]],
        beneficiaries: '当年首次评价入库的科技型中小企业',
      },
    ],
  },
  {
    title: '财政部 税务总局关于进一步完善研发费用税前加计扣除政策的公告',
    docNo: '财政部 税务总局公告2023年第7号',
    department: 'tax',
    level: 'national',
    issuer: '财政部 税务总局',
    published: '2023-03-26',
    expiry: null,
    preamble: '为进一步激励企业加大研发投入，更好地支持科技创新，现就企业研发费用税前加计扣除政策有关问题公告如下：',
    html: `<p>一、企业开展研发活动中实际发生的研发费用，未形成无形资产计入当期损益的，在按规定据实扣除的基础上，自2023年1月1日起，再按照实际发生额的100%在税前加计扣除；形成无形资产的，自2023年1月1日起，按照无形资产成本的200%在税前摊销。</p>
<p>二、企业享受研发费用加计扣除政策的其他政策口径和管理要求，按照《财政部 国家税务总局 科技部关于完善研究开发费用税前加计扣除政策的通知》（财税〔2015〕119号）、《财政部 税务总局 科技部关于企业委托境外研究开发费用税前加计扣除有关政策问题的通知》（财税〔2018〕64号）等文件相关规定执行。</p>
<p>三、本公告自2023年1月1日起执行，《财政部 税务总局 科技部关于进一步提高科技型中小企业研发费用税前加计扣除比例的公告》（财政部 税务总局 科技部公告2022年第16号）、《财政部 税务总局关于进一步完善研发费用税前加计扣除政策的公告》（财政部 税务总局公告2021年第13号）、《财政部 税务总局 科技部关于加大支持科技创新税前扣除力度的公告》（财政部 税务总局 科技部公告2022年第28号）中有关研发费用加计扣除的规定同时废止。</p>
<p>特此公告。</p>
<p>财政部 税务总局<br>2023年3月26日</p>`,
    interpretation: `<h3>一、政策要点</h3><p>自2023年1月1日起，除烟草制造业、住宿和餐饮业、批发和零售业、房地产业、租赁和商务服务业、娱乐业等不适用行业外，企业研发费用未形成无形资产的，在据实扣除的基础上再按实际发生额的100%税前加计扣除；形成无形资产的，按无形资产成本的200%税前摊销。该政策作为制度性安排长期实施。</p>
<h3>二、享受方式</h3><p>企业采取“自行判别、申报享受、相关资料留存备查”的方式享受。除年度汇算清缴外，企业可在7月份预缴申报第2季度（或6月份）、10月份预缴申报第3季度（或9月份）企业所得税时，自主选择就当年上半年或前三季度研发费用享受（国家税务总局 财政部公告2023年第11号）。</p>
<h3>三、本地咨询</h3><p>本栏目由国家税务总局云溪县税务局整理，供纳税人参考，具体以政策原文为准。咨询电话：12366纳税缴费服务热线，或国家税务总局云溪县税务局 0839-12366。</p>`,
    guides: [
      {
        title: '研发费用加计扣除',
        summary: '企业开展研发活动实际发生的研发费用，在据实扣除的基础上，再按实际发生额的100%在税前加计扣除；形成无形资产的，按成本的200%在税前摊销。',
        standard: '未形成无形资产计入当期损益的研发费用，在按规定据实扣除的基础上，再按实际发生额的100%在企业所得税税前加计扣除；形成无形资产的，按照无形资产成本的200%在税前摊销。',
        conditions: '会计核算健全、实行查账征收并能够准确归集研发费用的居民企业；烟草制造业、住宿和餐饮业、批发和零售业、房地产业、租赁和商务服务业、娱乐业企业不适用。',
        supportType: 'tax',
        mode: 'fast',
        amount: NONE,
        rules: [[gt('rdExpense', 0, 'last')]],
        beneficiaries: '会计核算健全、实行查账征收并能准确归集研发费用的居民企业',
        track: 'tax',
        onlineUrl: ETAX,
        materials: ['无需报送资料，在企业所得税年度纳税申报表中填报研发费用明细', '自主、委托、合作研究开发项目计划书和立项决议文件（留存备查）', '研发费用辅助账及汇总表（留存备查）', '研发人员名单及工时记录（留存备查）'],
      },
      {
        title: '制造业企业研发费用加计扣除预缴享受',
        summary: '制造业企业可在7月份、10月份预缴申报时，自主选择就当年上半年或前三季度的研发费用享受加计扣除，提前获得政策红利。',
        standard: '企业在7月份预缴申报第2季度（或6月份）和10月份预缴申报第3季度（或9月份）企业所得税时，可自主选择就当年上半年或前三季度研发费用享受加计扣除；未选择预缴享受的，可在年度汇算清缴时统一享受。',
        conditions: '以制造业为主营业务、实行查账征收、能够准确归集研发费用的居民企业（其他行业企业符合条件的同样适用）；依据国家税务总局 财政部公告2023年第11号。',
        supportType: 'tax',
        mode: 'fast',
        amount: NONE,
        rules: [[inIndustry('C'), gt('rdExpense', 0, 'current')]],
        beneficiaries: '以制造业为主营业务、实行查账征收的居民企业',
        industries: ['C'],
        track: 'tax',
        onlineUrl: ETAX,
        materials: ['无需报送资料，在预缴申报表“研发费用加计扣除”栏次填报', '研发费用辅助账及上半年（或前三季度）汇总表（留存备查）', '研发项目立项文件（留存备查）'],
        steps: ['按研发项目设置辅助账，归集上半年或前三季度研发费用', '7月或10月申报期内登录电子税务局，在预缴申报表中填报享受', '相关资料留存备查，年度汇算清缴时统一计算并补充填报'],
      },
    ],
  },
  {
    title: '四川省优质中小企业梯度培育管理实施细则',
    docNo: '川经信企业〔2026〕21号',
    department: 'gxj',
    level: 'province',
    issuer: '四川省经济和信息化厅',
    published: 270,
    expiry: 5,
    preamble: '各市（州）经济和信息化局：为贯彻落实工业和信息化部《优质中小企业梯度培育管理暂行办法》，完善我省优质中小企业梯度培育体系，现将《四川省优质中小企业梯度培育管理实施细则》印发给你们，请结合实际认真贯彻执行。',
    html: `<p>各市（州）经济和信息化局：</p>
<p>为贯彻落实工业和信息化部《优质中小企业梯度培育管理暂行办法》，完善我省优质中小企业梯度培育体系，现将《四川省优质中小企业梯度培育管理实施细则》印发给你们，请结合实际认真贯彻执行。</p>
<h2>第一章 总则</h2>
<p>第一条 优质中小企业是指在产品、技术、管理、模式等方面创新能力强、专注细分市场、成长性好的中小企业，由创新型中小企业、专精特新中小企业和专精特新“小巨人”企业三个层次组成。</p>
<p>第二条 省经济和信息化厅负责全省优质中小企业梯度培育的统筹指导，市（州）经济和信息化主管部门负责本地区的组织推荐和跟踪服务，县（市、区）中小企业主管部门负责政策宣传、申报辅导和初审。</p>
<h2>第二章 评价和认定</h2>
<p>第三条 创新型中小企业采取自评与审核相结合的方式，按创新能力、成长性、专业化三类六个指标评价，得分达到60分以上的评价为创新型中小企业。</p>
<p>第四条 专精特新中小企业应当为已评价的创新型中小企业，从事特定细分市场时间达到2年以上；上年度研发费用总额不低于100万元，且占营业收入总额比重不低于3%；上年度营业收入总额在1000万元以上，或近2年新增股权融资总额（合格机构投资者的实缴额）达到2000万元以上，并符合专业化、精细化、特色化、创新能力等指标要求。</p>
<p>第五条 专精特新中小企业认定每年组织一次，由企业自愿申报，经县级初审、市（州）复核、省经济和信息化厅组织专家评审后公示认定，有效期为3年。</p>
<h2>第三章 动态管理</h2>
<p>第六条 已认定企业应按要求填报年度运行数据。发生重大安全、质量、环境污染事故，或存在偷税漏税、严重失信行为的，取消其认定资格。</p>
<h2>第四章 附则</h2>
<p>第七条 本细则由四川省经济和信息化厅负责解释，自印发之日起施行，有效期五年。</p>`,
    interpretation: `<h3>一、梯度培育体系</h3><p>优质中小企业分为创新型中小企业、专精特新中小企业、专精特新“小巨人”企业三个层次，逐级培育、动态管理。</p>
<h3>二、我县如何申报</h3><p>创新型中小企业评价和省级专精特新中小企业认定均通过“四川省优质中小企业梯度培育平台”在线填报。县工业和信息化局负责申报辅导和初审，企业可通过“惠企通”查看申报时间并预约辅导。</p>
<h3>三、咨询方式</h3><p>云溪县工业和信息化局中小企业股，咨询电话：0839-7202345。</p>`,
    guides: [
      {
        title: '创新型中小企业评价',
        summary: '中小企业对照创新能力、成长性、专业化等指标自评，经审核得分达到60分以上的，评价为创新型中小企业。',
        standard: '评价结果在省级平台公告，有效期三年；评价为创新型中小企业的，可按规定申报专精特新中小企业认定。',
        conditions: '在四川省内登记注册、具有独立法人资格的中小企业（依据《中小企业划型标准规定》），未被列入经营异常名录或严重失信主体名单。',
        supportType: 'honor',
        mode: 'normal',
        amount: NONE,
        rules: [[scaleIn('medium', 'small', 'micro')]],
        beneficiaries: '在省内登记注册、具有独立法人资格的中小企业',
        track: 'honor',
        materials: ['创新型中小企业自评表（在平台在线填报）', '营业执照（平台自动核验）', '上年度财务报表', '知识产权、获奖等加分项证明材料'],
        steps: ['企业登录省优质中小企业梯度培育平台自评', '县工业和信息化局初审', '市（州）经济和信息化局审核', '省经济和信息化厅公告评价结果'],
      },
      {
        title: '省级专精特新中小企业认定',
        summary: '组织开展省级专精特新中小企业认定，认定后纳入省级优质中小企业梯度培育库，有效期三年。',
        standard: '认定结果由四川省经济和信息化厅发文公布，有效期三年；认定企业可享受我县专精特新中小企业培育奖励及融资、人才等服务。',
        conditions: '已评价为创新型中小企业，从事特定细分市场2年以上；上年度研发费用不低于100万元且占营业收入比重不低于3%；上年度营业收入1000万元以上（或近2年新增股权融资2000万元以上）。',
        supportType: 'honor',
        mode: 'normal',
        amount: NONE,
        rules: [[scaleIn('medium', 'small', 'micro'), ge('foundedYears', 2), ge('rdExpense', 100, 'last'), ge('rdRatio', 3, 'last'), ge('revenue', 1000, 'last')]],
        beneficiaries: '已评价为创新型中小企业的省内中小企业',
        track: 'honor',
      },
    ],
  },
  {
    title: '云溪县中小微企业贷款贴息实施办法',
    docNo: '云财发〔2026〕4号',
    department: 'czj',
    level: 'county',
    issuer: '云溪县财政局 云溪县工业和信息化局',
    published: 285,
    expiry: 3,
    preamble: '为缓解中小微企业融资难、融资贵问题，发挥财政资金引导作用，降低企业融资成本，根据有关规定，结合我县实际，制定本办法。',
    guides: [
      {
        title: '中小微企业流动资金贷款贴息',
        summary: '对中小微企业在县内银行机构新取得的一年期以内流动资金贷款，按实际支付利息的50%给予贴息，单户年度最高20万元。',
        standard: '按企业上年度在县内银行业金融机构新取得的流动资金贷款实际支付利息的50%给予贴息，贴息利率不超过同期贷款市场报价利率（LPR）；贴息资金按年度一次性拨付，单户企业年度贴息最高20万元。',
        conditions: '在县内注册的中小微企业；贷款用于企业生产经营，按期还本付息，无逾期和欠息记录；已享受其他财政贴息的同一笔贷款不重复贴息。',
        supportType: 'interest',
        mode: 'fast',
        amount: fixed(20),
        rules: [[scaleIn('medium', 'small', 'micro')]],
        beneficiaries: '在县内注册并在县内银行机构取得流动资金贷款的中小微企业',
        materials: ['贴息申请表（在线填写）', '借款合同', '银行出具的利息支付清单（加盖银行业务章）', '信用承诺书（在线签署）'],
      },
      {
        title: '创业担保贷款贴息',
        summary: '对符合条件的小微企业，可申请最高300万元创业担保贷款，财政按规定给予贴息，贴息期限不超过2年。',
        standard: '小微企业创业担保贷款额度最高300万元，贷款期限不超过2年；贷款利率在贷款市场报价利率（LPR）减150个基点以下的部分由借款企业承担，其余部分由财政贴息，单户企业贴息总额最高12万元。',
        conditions: '小微企业当年新招用符合创业担保贷款申请条件的人员数量达到企业现有在职职工人数15%（超过100人的企业达到8%），并与其签订1年以上劳动合同；无拖欠职工工资、欠缴社会保险费等严重违法违规信用记录。',
        supportType: 'interest',
        mode: 'normal',
        amount: fixed(12),
        rules: [[scaleIn('small', 'micro')]],
        beneficiaries: '当年新招用符合条件人员达到规定比例的小微企业',
        contact: 'rsj',
        materials: ['创业担保贷款申请表', '营业执照副本复印件', '新招用人员名单、劳动合同及社会保险缴费证明', '上年度财务报表', '信用承诺书'],
        steps: ['向县人力资源和社会保障局提交申请', '人社部门审核新招用人员情况', '担保机构和经办银行审核放贷', '按季度结息后申请财政贴息', '财政部门拨付贴息资金'],
      },
    ],
  },
  {
    title: '云溪县人才引进与培育若干措施',
    docNo: '云委人才〔2026〕3号',
    department: 'rsj',
    level: 'county',
    issuer: '中共云溪县委人才工作领导小组',
    published: 280,
    expiry: 3,
    preamble: '为深入实施新时代人才强县战略，引导企业引进和培养急需紧缺人才，为县域经济高质量发展提供人才支撑，制定本措施。',
    guides: [
      {
        title: '高层次人才安家补贴',
        summary: '企业全职引进博士研究生或具有正高级专业技术职称的人才，给予每人一次性安家补贴10万元。',
        standard: '对县内企业新全职引进、签订5年以上劳动合同并在县内缴纳社会保险的博士研究生或具有正高级专业技术职称人才，给予每人一次性安家补贴10万元。',
        conditions: '人才为当年新引进，与企业签订5年以上劳动合同并在县内连续缴纳社会保险满6个月；此前未在县内享受过同类安家补贴。',
        supportType: 'talent',
        mode: 'normal',
        amount: fixed(10),
        rules: [],
        beneficiaries: '全职引进博士研究生或正高级职称人才的县内企业',
        materials: ['高层次人才安家补贴申请表', '人才学历学位证书或职称证书', '劳动合同', '县内社会保险缴费证明', '人才身份证明'],
      },
      {
        title: '小微企业吸纳高校毕业生社会保险补贴',
        summary: '小微企业招用毕业年度或离校2年内未就业高校毕业生并为其缴纳社会保险的，按单位实际缴纳的社会保险费给予补贴，期限最长1年。',
        standard: '对小微企业招用毕业年度或离校2年内未就业高校毕业生，签订1年以上劳动合同并为其缴纳社会保险费的，按单位实际缴纳的基本养老保险费、基本医疗保险费和失业保险费给予补贴，补贴期限最长1年，每人最高1万元，不包括个人应缴纳部分。',
        conditions: '企业属小型、微型企业；招用人员为毕业年度或离校2年内未就业高校毕业生，签订1年以上劳动合同并足额缴纳社会保险费。',
        supportType: 'talent',
        mode: 'fast',
        amount: { kind: 'perUnit', base: 'socialInsurance', perUnit: 1 },
        rules: [[scaleIn('small', 'micro'), gt('socialInsurance', 0, 'current')]],
        beneficiaries: '招用离校2年内未就业高校毕业生并依法参保的小微企业',
      },
      {
        title: '技能人才培训补贴',
        summary: '企业组织职工参加职业技能培训并取得职业资格证书或职业技能等级证书的，按证书等级给予每人1000元至2000元补贴。',
        standard: '职工取得初级工、中级工、高级工职业技能等级证书的，分别按每人1000元、1500元、2000元给予企业培训补贴，单户企业年度最高10万元；同一职工同一职业（工种）同一等级只能享受一次。',
        conditions: '企业在县内依法参保；参训职工为本企业在职参保职工，培训后取得相应证书。',
        supportType: 'talent',
        mode: 'normal',
        amount: { kind: 'perUnit', base: 'socialInsurance', perUnit: 0.1, cap: 10 },
        rules: [[gt('socialInsurance', 0, 'current')]],
        beneficiaries: '组织在职职工开展职业技能培训的企业',
        materials: ['职业技能培训补贴申请表', '培训计划及培训人员花名册', '职工职业技能等级证书', '职工社会保险缴费证明'],
      },
    ],
  },
  {
    title: '云溪县支持企业稳岗扩岗若干措施',
    docNo: '云人社发〔2026〕11号',
    department: 'rsj',
    level: 'county',
    issuer: '云溪县人力资源和社会保障局 云溪县财政局',
    published: 275,
    expiry: '2027-12-31',
    preamble: '为贯彻落实国家和省关于失业保险稳岗返还、一次性扩岗补助等稳就业政策，做好我县企业稳岗扩岗工作，结合我县实际，制定本措施。',
    guides: [
      {
        title: '失业保险稳岗返还',
        summary: '对不裁员或少裁员的参保企业，中小微企业按上年度实际缴纳失业保险费的60%返还，大型企业按30%返还。',
        standard: '中小微企业按企业及其职工上年度实际缴纳失业保险费的60%返还，大型企业按30%返还；按我县失业保险缴费水平测算，约为每名参保职工200元。',
        conditions: '依法参加失业保险并足额缴费满12个月；上年度未裁员或裁员率不高于全国城镇调查失业率控制目标（参保职工30人及以下的企业，裁员率不高于参保职工总数的20%）。',
        supportType: 'subsidy',
        mode: 'auto',
        amount: { kind: 'perUnit', base: 'socialInsurance', perUnit: 0.02 },
        rules: [[gt('socialInsurance', 0, 'last'), ge('foundedYears', 1)]],
        beneficiaries: '依法参加失业保险并足额缴费的企业',
        steps: ['人社部门依据参保缴费数据比对筛选', '拟返还企业名单公示（5个工作日）', '返还资金直接拨付至企业参保缴费账户'],
      },
      {
        title: '一次性扩岗补助',
        summary: '企业招用16—24岁登记失业青年并签订1年以上劳动合同、按月缴纳社会保险费3个月以上的，按每人1500元发放一次性扩岗补助。',
        standard: '按每招用1名16—24岁登记失业青年1500元的标准发放一次性扩岗补助，同一企业同一人员只能享受一次，不与一次性吸纳就业补贴重复享受。',
        conditions: '招用人员为16—24岁登记失业青年，企业与其签订1年以上劳动合同，并为其按月足额缴纳失业、工伤、职工养老保险费3个月以上。',
        supportType: 'subsidy',
        mode: 'fast',
        amount: { kind: 'perUnit', base: 'socialInsurance', perUnit: 0.15 },
        rules: [[gt('socialInsurance', 0, 'current')]],
        beneficiaries: '招用16—24岁登记失业青年的企业',
      },
    ],
  },
  {
    title: '云溪县数字经济发展扶持办法',
    docNo: '云府发〔2026〕12号',
    department: 'gxj',
    level: 'county',
    issuer: '云溪县人民政府',
    published: 265,
    expiry: 3,
    preamble: '为加快数字产业化和产业数字化，推动数字经济和实体经济深度融合，结合我县实际，制定本办法。',
    guides: [
      {
        title: '企业上云用云补助',
        summary: '对中小企业购买云服务开展数字化转型的，按实际支付云服务费用的30%给予补助，单户最高5万元。',
        standard: '对中小企业上年度购买云主机、云存储、工业软件云服务等开展数字化改造的，按实际支付云服务费用的30%给予一次性补助，单户企业最高5万元。',
        supportType: 'subsidy',
        mode: 'fast',
        amount: fixed(5),
        rules: [[scaleIn('medium', 'small', 'micro')]],
        beneficiaries: '上年度购买云服务开展数字化转型的中小企业',
        materials: ['上云用云补助申请表（在线填写）', '云服务合同', '云服务费发票及付款凭证', '信用承诺书（在线签署）'],
      },
      {
        title: '智能制造示范车间奖励',
        summary: '对新认定为市级以上智能制造示范车间（工厂）的制造业企业，一次性奖励20万元。',
        standard: '对当年新认定为市级及以上智能制造示范车间（工厂）的企业，一次性奖励20万元；同一车间获得更高级别认定的，按差额补足。',
        conditions: '当年取得市级及以上智能制造示范车间（工厂）认定文件；车间位于县内，近三年未发生较大及以上安全、环保、质量事故。',
        supportType: 'award',
        mode: 'normal',
        amount: fixed(20),
        rules: [[inIndustry('C'), has('abovescale')]],
        beneficiaries: '新认定市级以上智能制造示范车间的制造业企业',
        industries: ['C'],
      },
      {
        title: '软件和信息技术服务企业成长奖励',
        summary: '对营业收入首次突破2000万元的软件和信息技术服务企业，一次性奖励10万元。',
        standard: '对上年度营业收入首次达到2000万元的软件和信息技术服务企业，一次性奖励10万元，每户限享受一次。',
        supportType: 'award',
        mode: 'fast',
        amount: fixed(10),
        rules: [[inIndustry('I'), ge('revenue', 2000, 'last')]],
        beneficiaries: '在县内注册的软件和信息技术服务企业',
        industries: ['I'],
      },
    ],
  },
  {
    title: '云溪县促进商贸流通和外贸稳规模优结构若干措施',
    docNo: '云商务发〔2026〕5号',
    department: 'swj',
    level: 'county',
    issuer: '云溪县商务局 云溪县财政局',
    published: 260,
    expiry: 2,
    preamble: '为稳定外贸规模、优化外贸结构，培育壮大限额以上商贸企业，结合我县实际，制定本措施。',
    guides: [
      {
        title: '外贸企业出口信用保险保费补助',
        summary: '对企业投保短期出口信用保险的，按实际缴纳保费的50%给予补助，单户年度最高10万元。',
        standard: '对县内有出口实绩的企业上年度投保短期出口信用保险的，按实际缴纳保费的50%给予补助，单户企业年度最高10万元。',
        conditions: '在县内注册并有出口实绩（以海关统计数据为准）；上年度投保短期出口信用保险并已缴纳保费。',
        supportType: 'subsidy',
        mode: 'fast',
        amount: fixed(10),
        rules: [[inIndustry('C', 'F')]],
        beneficiaries: '有出口实绩的外贸企业',
        materials: ['保费补助申请表（在线填写）', '出口信用保险保单', '保费缴纳凭证', '信用承诺书（在线签署）'],
      },
      {
        title: '境外展会参展补助',
        summary: '对企业参加境外重点展会的，按展位费的50%给予补助，单户年度最高5万元。',
        standard: '对企业参加县商务局公布的境外重点展会目录内展会的，按实际支付展位费的50%给予补助，每个展会最高2万元，单户企业年度最高5万元。',
        conditions: '参加的展会列入县商务局年度境外重点展会目录；企业以自身名义参展并支付展位费。',
        supportType: 'subsidy',
        mode: 'normal',
        amount: fixed(5),
        rules: [[inIndustry('C', 'F')]],
        beneficiaries: '参加境外重点展会的县内外贸企业',
        materials: ['参展补助申请表', '参展合同及展位费发票', '展位现场照片', '信用承诺书'],
      },
      {
        title: '限上商贸企业新增入库奖励',
        summary: '对新纳入限额以上统计的批发零售、住宿餐饮企业，一次性奖励2万元。',
        standard: '对当年新纳入限额以上统计的批发和零售业、住宿和餐饮业企业，一次性奖励2万元，每户限享受一次。',
        conditions: '当年经统计部门审核新纳入限额以上批发零售、住宿餐饮统计，按时报送统计报表。',
        supportType: 'award',
        mode: 'auto',
        amount: fixed(2),
        rules: [[inIndustry('F', 'H')]],
        beneficiaries: '当年新纳入限额以上统计的批零住餐企业',
        industries: ['F', 'H'],
      },
    ],
  },
  {
    title: '云溪县知识产权强县建设扶持办法',
    docNo: '云市监发〔2026〕7号',
    department: 'scj',
    level: 'county',
    issuer: '云溪县市场监督管理局 云溪县财政局',
    published: 255,
    expiry: 3,
    preamble: '为加快知识产权强县建设，提升企业知识产权创造、运用、保护水平，结合我县实际，制定本办法。',
    guides: [
      {
        title: '发明专利授权资助',
        summary: '对企业获得国内发明专利授权的，每件资助5000元，单户年度最高5万元。',
        standard: '对企业上年度获得授权的国内发明专利，每件资助5000元，单户企业年度资助最高5万元；以非正常专利申请获得授权的不予资助。',
        conditions: '专利权人为县内企业，专利为上年度获得授权的国内发明专利且维持有效。',
        supportType: 'subsidy',
        mode: 'fast',
        amount: { kind: 'perUnit', base: 'patents', perUnit: 0.5, cap: 5 },
        rules: [[ge('patents', 1)]],
        beneficiaries: '获得国内发明专利授权的县内企业',
        materials: ['专利资助申请表（在线填写）', '发明专利证书', '专利年费缴纳凭证'],
      },
      {
        title: '知识产权质押融资贴息',
        summary: '对以专利权、商标权质押取得银行贷款的企业，按实际支付利息的50%给予贴息，单户年度最高10万元。',
        standard: '对企业上年度以专利权、商标专用权质押方式取得银行贷款并按期还本付息的，按实际支付利息的50%给予贴息，单户企业年度贴息最高10万元。',
        conditions: '质押登记已在国家知识产权局办理；贷款按期还本付息，无逾期记录。',
        supportType: 'interest',
        mode: 'normal',
        amount: fixed(10),
        rules: [[ge('patents', 1)]],
        beneficiaries: '开展知识产权质押融资的县内企业',
        materials: ['贴息申请表', '知识产权质押登记通知书', '借款合同', '银行出具的利息支付清单'],
      },
      {
        title: '商标品牌培育奖励',
        summary: '对新获得驰名商标认定保护的企业，一次性奖励30万元。',
        standard: '对在行政案件或司法案件中新获得驰名商标认定保护的企业，一次性奖励30万元。',
        conditions: '驰名商标认定保护发生在上年度，商标注册人为县内企业。',
        supportType: 'award',
        mode: 'normal',
        amount: fixed(30),
        rules: [],
        beneficiaries: '新获得驰名商标认定保护的县内企业',
      },
    ],
  },
  {
    title: '云溪县绿色低碳发展专项资金管理办法',
    docNo: '云发改发〔2026〕6号',
    department: 'fgj',
    level: 'county',
    issuer: '云溪县发展和改革局 云溪县财政局',
    published: 250,
    expiry: 3,
    preamble: '为规范绿色低碳发展专项资金管理，支持企业节能降碳改造和绿色制造体系建设，结合我县实际，制定本办法。',
    guides: [
      {
        title: '节能降碳技术改造补助',
        summary: '对年节能量达到要求的节能降碳技术改造项目，按设备投资额的8%给予补助，单个项目最高50万元。',
        standard: '对上年度竣工、设备投资额200万元以上且经第三方机构核定年节能量达到100吨标准煤以上的节能降碳技术改造项目，按设备投资额的8%给予补助，单个项目最高50万元。',
        conditions: '项目已完成备案并通过竣工验收；年节能量经第三方节能量审核机构核定；近三年未发生较大及以上环境污染事故。',
        supportType: 'subsidy',
        mode: 'normal',
        amount: { kind: 'rate', base: 'investment', rate: 0.08, cap: 50 },
        rules: [[inIndustry('C', 'D'), ge('investment', 200, 'last')]],
        beneficiaries: '实施节能降碳技术改造的工业企业',
        industries: ['C', 'D'],
      },
      {
        title: '绿色工厂认定奖励',
        summary: '对新认定为省级及以上绿色工厂的企业，一次性奖励20万元。',
        standard: '对当年新认定为省级及以上绿色工厂的企业，一次性奖励20万元；同一企业先后获得省级、国家级认定的，不重复奖励。',
        conditions: '当年列入省级或国家级绿色工厂名单。',
        supportType: 'award',
        mode: 'auto',
        amount: fixed(20),
        rules: [[has('abovescale')]],
        beneficiaries: '当年新认定为省级及以上绿色工厂的企业',
        industries: ['C'],
      },
    ],
  },
  {
    title: '四川省财政支持制造业设备更新和首台（套）重大技术装备推广应用实施方案',
    docNo: '川财建〔2026〕33号',
    department: 'czj',
    level: 'province',
    issuer: '四川省财政厅 四川省经济和信息化厅',
    published: 245,
    expiry: '2027-12-31',
    preamble: '各市（州）财政局、经济和信息化局：为推动大规模设备更新和首台（套）重大技术装备推广应用，省财政安排资金对制造业企业设备更新贷款贴息和首台（套）装备保险给予补贴。现将实施方案印发给你们，请遵照执行。',
    html: `<p>各市（州）财政局、经济和信息化局：</p>
<p>为贯彻落实国家推动大规模设备更新和消费品以旧换新有关部署，降低制造业企业设备更新融资成本，推动首台（套）重大技术装备推广应用，省财政安排资金给予贴息和保险补偿。现将实施方案印发给你们，请遵照执行。</p>
<h2>一、支持对象</h2>
<p>在四川省内依法登记注册、实施设备更新改造或生产首台（套）重大技术装备的制造业企业。</p>
<h2>二、支持范围和标准</h2>
<p>对企业用于购置先进生产设备、智能化数字化改造、绿色化改造等设备更新项目的银行贷款，省级财政按贷款本金的1个百分点给予贴息，贴息期限不超过2年，单户企业年度贴息最高200万元。贴息贷款本金不超过项目设备投资额。</p>
<p>对生产列入《四川省首台（套）重大技术装备推广应用指导目录》的装备并首次投保首台（套）重大技术装备综合险的企业，省级财政按年度保费的80%给予补贴，补贴期限不超过3年，单个项目年度补贴最高100万元。</p>
<h2>三、申报程序</h2>
<p>企业向所在县（市、区）经济和信息化部门、财政部门提出申请，经县级初审、市（州）复核后报省经济和信息化厅、省财政厅审定。贴息资金按年度拨付。</p>
<h2>四、监督管理</h2>
<p>同一笔贷款已享受中央财政贴息的，省级贴息可叠加享受，但贴息后企业实际负担利率不得低于0。对弄虚作假骗取贴息资金的，依法依规追回资金并追究责任。</p>
<h2>五、其他</h2>
<p>本方案由四川省财政厅、四川省经济和信息化厅负责解释，自印发之日起施行。</p>`,
    interpretation: `<h3>一、政策要点</h3><p>省级财政对制造业企业设备更新贷款按贷款本金的1个百分点贴息，期限不超过2年，单户年度最高200万元；首台（套）重大技术装备首次投保的，按保费的80%给予补贴。</p>
<h3>二、我县如何申报</h3><p>我县企业向云溪县财政局、云溪县工业和信息化局提交申请，县级初审后报绵州市复核。</p>
<h3>三、咨询方式</h3><p>云溪县财政局经济建设股，咨询电话：0839-7202156。</p>`,
    guides: [
      {
        title: '设备更新贷款财政贴息',
        summary: '对制造业企业设备更新改造贷款，省级财政按贷款本金的1个百分点给予贴息，期限不超过2年，单户年度最高200万元。',
        standard: '省级财政按设备更新贷款本金的1个百分点给予贴息，贴息期限不超过2年，单户企业年度贴息最高200万元；贴息贷款本金以项目设备投资额为限。',
        conditions: '制造业企业，贷款用于购置先进设备或实施智能化、数字化、绿色化改造，按期付息，无逾期记录。',
        supportType: 'interest',
        mode: 'normal',
        amount: { kind: 'rate', base: 'investment', rate: 0.01, cap: 200 },
        rules: [[inIndustry('C'), ge('investment', 100, 'current')]],
        beneficiaries: '实施设备更新改造的制造业企业',
        industries: ['C'],
        materials: ['设备更新贷款贴息申请表', '借款合同及贷款发放凭证', '设备购置合同及发票', '银行出具的利息支付清单', '信用承诺书'],
      },
      {
        title: '首台（套）重大技术装备保险补偿',
        summary: '对首台（套）重大技术装备首次投保综合险的，按年度保费的80%给予补贴，单个项目最高100万元。',
        standard: '对生产列入《四川省首台（套）重大技术装备推广应用指导目录》的装备并首次投保首台（套）重大技术装备综合险的企业，按年度保费的80%给予补贴，补贴期限不超过3年，单个项目年度补贴最高100万元。',
        conditions: '投保装备列入省首台（套）重大技术装备推广应用指导目录；保险费率不高于3%。',
        supportType: 'subsidy',
        mode: 'normal',
        amount: fixed(100),
        rules: [[inIndustry('C')]],
        beneficiaries: '生产首台（套）重大技术装备的制造业企业',
        industries: ['C'],
        contact: 'gxj',
        materials: ['保险补偿申请表', '保险合同及保费发票', '装备销售合同及发票', '装备列入目录的证明材料'],
      },
    ],
  },
  {
    title: '云溪县小微企业和个体工商户纾困帮扶措施',
    docNo: '云府办发〔2026〕21号',
    department: 'fgj',
    level: 'county',
    issuer: '云溪县人民政府办公室',
    published: 240,
    expiry: '2027-12-31',
    preamble: '为帮助小微企业和个体工商户降低经营成本、稳定经营预期，结合我县实际，制定本措施。',
    guides: [
      {
        title: '小微企业经营场所租金补助',
        summary: '对租用县内标准化厂房或商业用房的小微企业，按实际支付租金的30%给予补助，单户最高2万元。',
        standard: '对县内小微企业租用标准化厂房、商业用房从事生产经营的，按上年度实际支付租金的30%给予一次性补助，单户最高2万元；承租国有房屋已享受租金减免的不重复补助。',
        conditions: '租赁合同期限1年以上并已实际支付租金；租用房屋用于本企业生产经营，不得转租。',
        supportType: 'subsidy',
        mode: 'fast',
        amount: fixed(2),
        rules: [[scaleIn('small', 'micro')]],
        beneficiaries: '租用县内生产经营场所的小微企业',
        materials: ['租金补助申请表（在线填写）', '房屋租赁合同', '租金支付凭证及发票', '信用承诺书（在线签署）'],
      },
      {
        title: '小微企业和个体工商户“首贷”贴息',
        summary: '对首次获得银行经营性贷款的小微企业和个体工商户，按实际支付利息的30%给予贴息，单户最高3万元。',
        standard: '对上年度在县内银行机构首次获得经营性贷款的小微企业和个体工商户，按实际支付利息的30%给予一次性贴息，单户最高3万元。',
        conditions: '此前未在任何银行机构取得过经营性贷款（以征信报告为准）；贷款按期付息，无逾期记录。',
        supportType: 'interest',
        mode: 'fast',
        amount: fixed(3),
        rules: [[scaleIn('small', 'micro')]],
        beneficiaries: '首次获得银行经营性贷款的小微企业和个体工商户',
        contact: 'czj',
        materials: ['贴息申请表（在线填写）', '借款合同', '银行出具的利息支付清单', '企业信用报告'],
      },
      {
        title: '个体工商户“个转企”奖励',
        summary: '对个体工商户转型升级为企业并持续经营满1年的，一次性奖励1万元。',
        standard: '对个体工商户依法转型升级为企业、保留原字号并在县内持续经营满1年的，一次性奖励1万元，每户限享受一次。',
        conditions: '由县内个体工商户转型设立，原个体工商户已依法注销；转型后正常经营并依法纳税满1年。',
        supportType: 'award',
        mode: 'fast',
        amount: fixed(1),
        rules: [[scaleIn('small', 'micro')]],
        beneficiaries: '完成“个转企”并持续经营满1年的企业',
        contact: 'scj',
      },
    ],
  },
  {
    title: '云溪县促进农产品加工业发展若干措施',
    docNo: '云府办发〔2026〕23号',
    department: 'fgj',
    level: 'county',
    issuer: '云溪县人民政府办公室',
    published: 235,
    expiry: 3,
    preamble: '为延长农业产业链、提升农产品附加值，推动农产品加工业提质增效，促进农民增收，结合我县实际，制定本措施。',
    guides: [
      {
        title: '农产品加工企业贷款贴息',
        summary: '对县级以上农业产业化龙头企业收购农产品的流动资金贷款，按实际支付利息的50%给予贴息，单户最高20万元。',
        standard: '对县级以上农业产业化龙头企业上年度用于收购县内农产品的流动资金贷款，按实际支付利息的50%给予贴息，单户企业年度最高20万元。',
        conditions: '为县级及以上农业产业化龙头企业，监测合格；贷款用于收购县内农产品，按期付息。',
        supportType: 'interest',
        mode: 'normal',
        amount: fixed(20),
        rules: [[inIndustry('A', 'C')]],
        beneficiaries: '县级以上农业产业化龙头企业',
        industries: ['A', 'C'],
        materials: ['贴息申请表', '龙头企业认定文件', '借款合同', '农产品收购凭证汇总表', '银行出具的利息支付清单'],
      },
      {
        title: '农产品精深加工设备补助',
        summary: '对新购置农产品精深加工设备、设备投资50万元以上的企业，按设备投资额的15%给予补助，最高50万元。',
        standard: '对当年新购置农产品精深加工设备、设备投资额50万元以上的企业，按设备投资额的15%给予补助，单户企业最高50万元。',
        supportType: 'subsidy',
        mode: 'normal',
        amount: { kind: 'rate', base: 'investment', rate: 0.15, cap: 50 },
        rules: [[inIndustry('A', 'C'), ge('investment', 50, 'current')]],
        beneficiaries: '在县内从事农产品加工的企业',
        industries: ['A', 'C'],
      },
    ],
  },
  {
    title: '云溪县文化旅游产业发展扶持办法',
    docNo: '云府发〔2026〕17号',
    department: 'swj',
    level: 'county',
    issuer: '云溪县人民政府',
    published: 230,
    expiry: 3,
    preamble: '为加快建设文化旅游强县，提升旅游接待能力和服务品质，结合我县实际，制定本办法。',
    guides: [
      {
        title: '星级饭店和A级景区创建奖励',
        summary: '对新评定为国家4A级旅游景区或四星级旅游饭店的经营企业，一次性奖励30万元。',
        standard: '对新评定为国家4A级旅游景区、四星级旅游饭店的经营企业，一次性奖励30万元；已获同级别奖励的景区、饭店不重复奖励。',
        conditions: '当年取得文化和旅游主管部门评定文件；景区、饭店位于县内并正常运营。',
        supportType: 'award',
        mode: 'normal',
        amount: fixed(30),
        rules: [[inIndustry('H', 'R', 'N')]],
        beneficiaries: '新评定星级饭店、A级旅游景区的经营企业',
        industries: ['H', 'R', 'N'],
      },
      {
        title: '旅游包车奖励',
        summary: '对旅行社组织外地游客包车来县旅游并在县内住宿的，按每人次20元给予奖励，单户年度最高3万元。',
        standard: '对旅行社组织县外游客包车来县旅游、单批次20人以上并在县内住宿1晚以上的，按每人次20元给予奖励，每家旅行社年度最高3万元。',
        conditions: '持有旅行社业务经营许可证；游客行程单、住宿登记记录真实可查。',
        supportType: 'award',
        mode: 'fast',
        amount: fixed(3),
        rules: [[inIndustry('L')]],
        beneficiaries: '组织县外游客来县旅游的旅行社',
        industries: ['L'],
        materials: ['旅游包车奖励申请表（在线填写）', '旅游团队行程单及游客名单', '包车合同', '县内住宿登记证明'],
      },
    ],
  },
  {
    title: '云溪县促进建筑业高质量发展若干措施',
    docNo: '云府办发〔2026〕25号',
    department: 'fgj',
    level: 'county',
    issuer: '云溪县人民政府办公室',
    published: 225,
    expiry: 3,
    preamble: '为做大做强本地建筑业企业，提升建筑业对县域经济的贡献，结合我县实际，制定本措施。',
    guides: [
      {
        title: '建筑业企业资质升级奖励',
        summary: '对首次取得施工总承包一级资质的县内建筑业企业，一次性奖励20万元。',
        standard: '对首次取得施工总承包一级资质的县内建筑业企业，一次性奖励20万元；首次取得施工总承包特级资质的，另行研究给予支持。',
        conditions: '企业注册地和纳税地均在县内，当年取得住房和城乡建设主管部门核发的资质证书。',
        supportType: 'award',
        mode: 'normal',
        amount: fixed(20),
        rules: [[inIndustry('E')]],
        beneficiaries: '在县内注册的建筑业企业',
        industries: ['E'],
      },
      {
        title: '建筑业企业产值上台阶奖励',
        summary: '对营业收入首次突破1亿元、5亿元的建筑业企业，分别给予5万元、20万元奖励。',
        standard: '对上年度营业收入首次达到1亿元、5亿元的县内建筑业企业，分别一次性奖励5万元、20万元；跨档的按最高档奖励。',
        supportType: 'award',
        mode: 'fast',
        amount: { kind: 'tiered', base: 'revenue', tiers: [{ min: 10000, amount: 5 }, { min: 50000, amount: 20 }] },
        rules: [[inIndustry('E'), ge('revenue', 10000, 'last')]],
        beneficiaries: '纳入建筑业统计的县内建筑业企业',
        industries: ['E'],
      },
    ],
  },
  {
    title: '财政部 税务总局关于进一步支持小微企业和个体工商户发展有关税费政策的公告',
    docNo: '财政部 税务总局公告2023年第12号',
    department: 'tax',
    level: 'national',
    issuer: '财政部 税务总局',
    published: '2023-08-02',
    expiry: '2027-12-31',
    preamble: '为进一步支持小微企业和个体工商户发展，现将有关税费政策公告如下：',
    html: `<p>为进一步支持小微企业和个体工商户发展，现将有关税费政策公告如下：</p>
<p>一、对小型微利企业减按25%计算应纳税所得额，按20%的税率缴纳企业所得税政策，延续执行至2027年12月31日。</p>
<p>二、自2023年1月1日至2027年12月31日，对增值税小规模纳税人、小型微利企业和个体工商户减半征收资源税（不含水资源税）、城市维护建设税、房产税、城镇土地使用税、印花税（不含证券交易印花税）、耕地占用税和教育费附加、地方教育附加。</p>
<p>三、自2023年1月1日至2027年12月31日，对个体工商户年应纳税所得额不超过200万元的部分，减半征收个人所得税。个体工商户在享受现行其他个人所得税优惠政策的基础上，可叠加享受本条优惠政策。</p>
<p>四、增值税小规模纳税人、小型微利企业和个体工商户已依法享受资源税、城市维护建设税、房产税、城镇土地使用税、印花税、耕地占用税、教育费附加、地方教育附加等其他优惠政策的，可叠加享受本公告第二条规定的优惠政策。</p>
<p>五、本公告所称小型微利企业，是指从事国家非限制和禁止行业，且同时符合年度应纳税所得额不超过300万元、从业人数不超过300人、资产总额不超过5000万元等三个条件的企业。</p>
<p>特此公告。</p>
<p>财政部 税务总局<br>2023年8月2日</p>`,
    interpretation: `<h3>一、政策要点</h3><p>小型微利企业年应纳税所得额减按25%计入，按20%税率缴纳企业所得税，实际税负5%；增值税小规模纳税人、小型微利企业和个体工商户减半征收“六税两费”。政策执行至2027年12月31日。</p>
<h3>二、享受方式</h3><p>符合条件的企业在预缴和汇算清缴时通过填写纳税申报表即可享受，电子税务局根据申报数据自动计算减免税额，无需另行备案。</p>
<h3>三、本地咨询</h3><p>本栏目由国家税务总局云溪县税务局整理，供纳税人参考，具体以政策原文为准。咨询电话：12366纳税缴费服务热线，或国家税务总局云溪县税务局 0839-12366。</p>`,
    guides: [
      {
        title: '小型微利企业所得税优惠',
        summary: '对小型微利企业减按25%计算应纳税所得额，按20%的税率缴纳企业所得税，政策执行至2027年12月31日。',
        standard: '年应纳税所得额减按25%计入应纳税所得额，按20%的税率缴纳企业所得税，实际税负为5%。',
        conditions: '从事国家非限制和禁止行业，且同时符合年度应纳税所得额不超过300万元、从业人数不超过300人、资产总额不超过5000万元三个条件。',
        supportType: 'tax',
        mode: 'auto',
        amount: NONE,
        rules: [[le('staff', 300)]],
        beneficiaries: '从事国家非限制和禁止行业的小型微利企业',
        track: 'tax',
        materials: ['无需报送资料，在企业所得税预缴申报表或年度纳税申报表中如实填报从业人数、资产总额等信息，系统自动计算减免税额'],
        steps: ['企业如实填报从业人数、资产总额、应纳税所得额', '电子税务局自动判断并计算减免税额', '确认申报表并完成申报缴税'],
      },
      {
        title: '“六税两费”减半征收',
        summary: '增值税小规模纳税人、小型微利企业和个体工商户减半征收资源税、城市维护建设税、房产税、城镇土地使用税、印花税等“六税两费”。',
        standard: '资源税（不含水资源税）、城市维护建设税、房产税、城镇土地使用税、印花税（不含证券交易印花税）、耕地占用税和教育费附加、地方教育附加减半征收，可与其他优惠政策叠加享受。',
        conditions: '增值税小规模纳税人、小型微利企业或个体工商户。',
        supportType: 'tax',
        mode: 'auto',
        amount: NONE,
        rules: [[scaleIn('small', 'micro')], [le('staff', 300)]],
        beneficiaries: '增值税小规模纳税人、小型微利企业和个体工商户',
        track: 'tax',
        materials: ['无需报送资料，申报相关税费时系统自动带出减征额'],
        steps: ['登录电子税务局申报相关税费', '系统根据纳税人类型自动计算减征额', '确认后完成申报缴税'],
      },
    ],
  },
  {
    title: '中华人民共和国企业所得税法',
    docNo: '中华人民共和国主席令第六十三号',
    department: 'tax',
    level: 'national',
    issuer: '全国人民代表大会',
    published: '2007-03-16',
    expiry: null,
    preamble: '2007年3月16日第十届全国人民代表大会第五次会议通过，根据2017年2月24日、2018年12月29日全国人民代表大会常务委员会决定两次修正。',
    html: `<p>（2007年3月16日第十届全国人民代表大会第五次会议通过；根据2017年2月24日第十二届全国人民代表大会常务委员会第二十六次会议《关于修改〈中华人民共和国企业所得税法〉的决定》第一次修正；根据2018年12月29日第十三届全国人民代表大会常务委员会第七次会议《关于修改〈中华人民共和国电力法〉等四部法律的决定》第二次修正）</p>
<h2>第一章 总则</h2>
<p>第四条 企业所得税的税率为25%。</p>
<h2>第四章 税收优惠</h2>
<p>第二十五条 国家对重点扶持和鼓励发展的产业和项目，给予企业所得税优惠。</p>
<p>第二十八条 符合条件的小型微利企业，减按20%的税率征收企业所得税。</p>
<p>国家需要重点扶持的高新技术企业，减按15%的税率征收企业所得税。</p>
<p>（以上为节选，全文见国家法律法规数据库。）</p>`,
    interpretation: `<h3>一、政策要点</h3><p>依照《中华人民共和国企业所得税法》第二十八条及其实施条例第九十三条，经认定的高新技术企业减按15%的税率征收企业所得税，较25%的法定税率低10个百分点。高新技术企业资格由省级认定机构按《高新技术企业认定管理办法》（国科发火〔2016〕32号）认定，有效期三年。</p>
<h3>二、享受方式</h3><p>企业取得高新技术企业证书后，自证书注明的发证时间所在年度起，采取“自行判别、申报享受、相关资料留存备查”的方式享受。</p>
<h3>三、本地咨询</h3><p>本栏目由国家税务总局云溪县税务局整理，供纳税人参考，具体以法律原文为准。咨询电话：12366纳税缴费服务热线，或国家税务总局云溪县税务局 0839-12366。</p>`,
    guides: [
      {
        title: '高新技术企业所得税优惠',
        summary: '国家需要重点扶持的高新技术企业，减按15%的税率征收企业所得税（法定税率为25%）。',
        standard: '经认定的高新技术企业，自证书注明的发证时间所在年度起，减按15%的税率征收企业所得税，即在25%法定税率基础上降低10个百分点。',
        conditions: '取得高新技术企业证书且在有效期内；实行查账征收；当年高新技术产品（服务）收入、科技人员占比等指标持续符合认定条件。',
        supportType: 'tax',
        mode: 'fast',
        amount: NONE,
        rules: [[has('hightech')]],
        beneficiaries: '经认定且在有效期内的高新技术企业',
        track: 'tax',
        onlineUrl: ETAX,
        materials: ['无需报送资料，在企业所得税纳税申报表中填报高新技术企业优惠', '高新技术企业证书（留存备查）', '年度高新技术产品（服务）收入、科技人员等情况说明（留存备查）'],
      },
    ],
  },
  {
    title: '云溪县促进企业上市扶持办法',
    docNo: '云府办发〔2026〕27号',
    department: 'czj',
    level: 'county',
    issuer: '云溪县人民政府办公室',
    published: 220,
    expiry: 3,
    preamble: '为推动企业利用多层次资本市场加快发展，培育壮大上市后备企业梯队，结合我县实际，制定本办法。',
    guides: [
      {
        title: '企业股改奖励',
        summary: '对列入县上市后备资源库并完成股份制改造的企业，一次性奖励30万元。',
        standard: '对列入县上市后备资源库、完成股份制改造并取得股份有限公司营业执照的企业，一次性奖励30万元。',
        conditions: '已列入县上市后备资源库；股改后注册地和纳税地在县内。',
        supportType: 'award',
        mode: 'normal',
        amount: fixed(30),
        rules: [[ge('revenue', 5000, 'last')]],
        beneficiaries: '列入县上市后备资源库并完成股改的企业',
      },
      {
        title: '企业上市奖励',
        summary: '对在境内证券交易所首发上市的县内企业，一次性奖励300万元。',
        standard: '对在上海、深圳、北京证券交易所首发上市的县内企业，上市后一次性奖励300万元；上市后3年内将注册地迁出县外的，全额收回奖励资金。',
        conditions: '注册地和纳税地在县内，已在境内证券交易所首次公开发行股票并上市。',
        supportType: 'award',
        mode: 'normal',
        amount: fixed(300),
        rules: [[ge('revenue', 20000, 'last')]],
        beneficiaries: '在境内证券交易所首发上市的县内企业',
      },
    ],
  },
  {
    title: '云溪县支持工业企业扩大有效投资若干措施',
    docNo: '云府发〔2026〕19号',
    department: 'fgj',
    level: 'county',
    issuer: '云溪县人民政府',
    published: 215,
    expiry: 3,
    preamble: '为扩大工业有效投资，推动工业企业增资扩产和存量资源盘活，结合我县实际，制定本措施。',
    guides: [
      {
        title: '工业项目设备投资奖励',
        summary: '对当年设备投资3000万元以上的新建、扩建工业项目，按设备投资额的3%给予奖励，最高200万元。',
        standard: '对当年竣工投产、设备投资额3000万元以上的新建、扩建工业项目，按设备投资额（不含税）的3%给予奖励，单个项目最高200万元；已享受技术改造设备投资补助的不重复支持。',
        conditions: '项目已备案并纳入固定资产投资统计；当年竣工投产，设备投资经第三方审计确认。',
        supportType: 'award',
        mode: 'normal',
        amount: { kind: 'rate', base: 'investment', rate: 0.03, cap: 200 },
        rules: [[inIndustry('C'), ge('investment', 3000, 'current')]],
        beneficiaries: '在县内实施新建、扩建工业项目的企业',
        industries: ['C'],
      },
      {
        title: '闲置厂房盘活利用奖励',
        summary: '对盘活利用县内闲置工业厂房投产工业项目的企业，一次性奖励10万元。',
        standard: '对租用或购置县内闲置1年以上的工业厂房、盘活面积2000平方米以上并投产工业项目的企业，一次性奖励10万元。',
        conditions: '厂房经县工业和信息化局认定为闲置1年以上；项目当年投产并纳入统计。',
        supportType: 'award',
        mode: 'normal',
        amount: fixed(10),
        rules: [[inIndustry('C')]],
        beneficiaries: '盘活利用闲置工业厂房投产的企业',
        industries: ['C'],
      },
    ],
  },
  {
    title: '云溪县支持企业参与标准化建设奖励办法',
    docNo: '云市监发〔2026〕12号',
    department: 'scj',
    level: 'county',
    issuer: '云溪县市场监督管理局 云溪县财政局',
    published: 210,
    expiry: 3,
    preamble: '为鼓励企业参与标准化建设，以标准提升引领质量提升，结合我县实际，制定本办法。',
    guides: [
      {
        title: '主导制定标准奖励',
        summary: '对主导制定并正式发布国家标准、行业标准的企业，每项一次性奖励10万元。',
        standard: '对上年度作为第一起草单位主导制定并正式发布国家标准、行业标准的企业，每项一次性奖励10万元，同一企业年度奖励最高30万元。',
        conditions: '企业为标准的第一起草单位；标准已由国务院标准化行政主管部门或行业主管部门正式发布。',
        supportType: 'award',
        mode: 'normal',
        amount: fixed(10),
        rules: [],
        beneficiaries: '主导制定国家标准、行业标准的县内企业',
      },
      {
        title: '质量管理体系认证补助',
        summary: '对首次通过质量管理体系认证的企业，一次性补助1万元。',
        standard: '对首次通过ISO 9001质量管理体系认证并取得认证证书的企业，一次性补助1万元。',
        conditions: '认证证书由经国家认证认可监督管理委员会批准的认证机构颁发，证书在有效期内。',
        supportType: 'subsidy',
        mode: 'fast',
        amount: fixed(1),
        rules: [],
        beneficiaries: '首次通过质量管理体系认证的县内企业',
        materials: ['认证补助申请表（在线填写）', '质量管理体系认证证书', '认证费用发票'],
      },
    ],
  },
  {
    title: '绵州市工业企业“满负荷生产”奖励办法',
    docNo: '绵经信发〔2026〕14号',
    department: 'gxj',
    level: 'city',
    issuer: '绵州市经济和信息化局 绵州市财政局',
    published: 205,
    expiry: '2027-12-31',
    preamble: '为鼓励工业企业开足马力、满负荷生产，推动全市工业经济稳定增长，结合我市实际，制定本办法。',
    interpreter: '绵州市经济和信息化局',
    guides: [
      {
        title: '工业企业满负荷生产奖励',
        summary: '对一季度产值同比增长10%以上的规上工业企业，按上年度营业收入规模分档给予5万元、10万元奖励。',
        standard: '对一季度工业总产值同比增长10%以上的规上工业企业，上年度营业收入2000万元至1亿元的奖励5万元，1亿元以上的奖励10万元。',
        conditions: '为规模以上工业企业，一季度工业总产值同比增长10%以上（以统计部门数据为准）。',
        supportType: 'award',
        mode: 'auto',
        amount: { kind: 'tiered', base: 'revenue', tiers: [{ min: 2000, amount: 5 }, { min: 10000, amount: 10 }] },
        rules: [[has('abovescale'), ge('revenue', 2000, 'last')]],
        beneficiaries: '一季度产值增长较快的规模以上工业企业',
        industries: ['C'],
      },
      {
        title: '企业技术中心认定奖励',
        summary: '对新认定的市级企业技术中心，一次性奖励10万元。',
        standard: '对当年新认定的市级企业技术中心，一次性奖励10万元；同一技术中心升级为省级、国家级的，按省级政策另行支持。',
        conditions: '当年取得市级企业技术中心认定文件，上年度研发费用100万元以上。',
        supportType: 'award',
        mode: 'normal',
        amount: fixed(10),
        rules: [[ge('rdExpense', 100, 'last')]],
        beneficiaries: '新认定市级以上企业技术中心的企业',
      },
      {
        title: '工业企业稳产增效电费补贴',
        summary: '对用电量同比增长10%以上的规上工业企业，按新增用电量每千瓦时0.05元给予补贴，单户最高8万元。',
        standard: '对上年度用电量同比增长10%以上的规上工业企业，按新增用电量每千瓦时0.05元给予补贴，单户企业最高8万元。',
        conditions: '为规模以上工业企业，上年度用电量同比增长10%以上（以供电企业数据为准）。',
        supportType: 'subsidy',
        mode: 'auto',
        amount: fixed(8),
        rules: [[has('abovescale')]],
        beneficiaries: '用电量增长的规模以上工业企业',
        industries: ['C'],
      },
    ],
  },
  {
    title: '云溪县物流业降本增效若干措施',
    docNo: '云发改发〔2026〕13号',
    department: 'fgj',
    level: 'county',
    issuer: '云溪县发展和改革局 云溪县交通运输局',
    published: 200,
    expiry: 3,
    preamble: '为降低社会物流成本，完善县乡村三级物流配送体系，结合我县实际，制定本措施。',
    guides: [
      {
        title: '物流企业冷链设施建设补助',
        summary: '对新建冷链仓储设施、设备投资100万元以上的物流企业，按设备投资额的10%给予补助，最高50万元。',
        standard: '对当年新建冷库、冷链分拣中心等冷链仓储设施、设备投资额100万元以上的企业，按设备投资额的10%给予补助，单户最高50万元。',
        supportType: 'subsidy',
        mode: 'normal',
        amount: { kind: 'rate', base: 'investment', rate: 0.1, cap: 50 },
        rules: [[inIndustry('G'), ge('investment', 100, 'current')]],
        beneficiaries: '在县内从事仓储物流的企业',
        industries: ['G'],
      },
      {
        title: '快递进村补助',
        summary: '对开展快递进村服务的企业，按每个村级寄递服务点每年2000元给予运营补助，单户最高3万元。',
        standard: '对在县内行政村设立寄递服务点并正常运营满1年的企业，按每个服务点每年2000元给予运营补助，单户企业年度最高3万元。',
        conditions: '服务点经县邮政管理部门备案；每周收投不少于5天。',
        supportType: 'subsidy',
        mode: 'fast',
        amount: fixed(3),
        rules: [[inIndustry('G')]],
        beneficiaries: '开展农村寄递服务的快递、物流企业',
        industries: ['G'],
      },
      {
        title: '多式联运示范项目奖励',
        summary: '对新纳入省级多式联运示范工程的项目承担企业，一次性奖励30万元。',
        standard: '对当年新纳入省级及以上多式联运示范工程的项目承担企业，一次性奖励30万元。',
        conditions: '项目列入省级及以上多式联运示范工程名单，承担企业注册地在县内。',
        supportType: 'award',
        mode: 'normal',
        amount: fixed(30),
        rules: [[inIndustry('G'), ge('revenue', 3000, 'last')]],
        beneficiaries: '多式联运示范工程项目承担企业',
        industries: ['G'],
      },
    ],
  },
  {
    title: '云溪县中小企业公共服务体系建设扶持办法',
    docNo: '云工信发〔2026〕12号',
    department: 'gxj',
    level: 'county',
    issuer: '云溪县工业和信息化局 云溪县财政局',
    published: 195,
    expiry: 3,
    preamble: '为健全中小企业公共服务体系，引导专业服务机构为中小企业提供优质服务，结合我县实际，制定本办法。',
    guides: [
      {
        title: '中小企业服务券',
        summary: '向中小企业发放服务券，用于购买管理咨询、检验检测、知识产权等专业服务，按服务费用的50%抵扣，每户每年最高1万元。',
        standard: '中小企业向服务券平台入库服务机构购买管理咨询、检验检测、知识产权、法律财税等专业服务的，可使用服务券抵扣服务费用的50%，每户企业每年最高1万元。',
        conditions: '在县内注册的中小微企业，服务机构须为服务券平台入库机构。',
        supportType: 'subsidy',
        mode: 'fast',
        amount: fixed(1),
        rules: [[scaleIn('medium', 'small', 'micro')]],
        beneficiaries: '在县内注册的中小微企业',
        materials: ['服务券申领表（在线填写）', '服务合同', '服务费用发票'],
      },
      {
        title: '小微企业创业创新示范基地奖励',
        summary: '对新认定为省级小微企业创业创新示范基地的运营主体，一次性奖励20万元。',
        standard: '对新认定为省级小微企业创业创新示范基地的运营主体，一次性奖励20万元，每个基地限享受一次。',
        conditions: '当年取得省级小微企业创业创新示范基地认定文件。',
        supportType: 'award',
        mode: 'normal',
        amount: fixed(20),
        rules: [],
        beneficiaries: '小微企业创业创新示范基地运营主体',
      },
      {
        title: '创新型中小企业培育补助',
        summary: '对当年新评价为创新型中小企业的，一次性给予2万元培育补助。',
        standard: '对当年首次评价为创新型中小企业的县内企业，一次性补助2万元，每户限享受一次。',
        conditions: '当年列入四川省创新型中小企业公告名单。',
        supportType: 'subsidy',
        mode: 'auto',
        amount: fixed(2),
        rules: [[scaleIn('medium', 'small', 'micro')]],
        beneficiaries: '当年新评价的创新型中小企业',
      },
    ],
  },
  {
    title: '云溪经济开发区支持入园企业发展若干措施',
    docNo: '云开管发〔2026〕1号',
    department: 'gxj',
    level: 'county',
    issuer: '云溪经济开发区管理委员会',
    published: 190,
    expiry: 3,
    preamble: '为提升园区承载能力，支持入园工业企业发展壮大，结合开发区实际，制定本措施。',
    interpreter: '云溪经济开发区管理委员会',
    scope: '云溪经济开发区规划范围内',
    guides: [
      {
        title: '园区企业标准厂房租金补贴',
        summary: '对入驻云溪经济开发区标准厂房的工业企业，前三年按租金的50%给予补贴，单户年度最高12万元。',
        standard: '对新入驻云溪经济开发区标准厂房并投产的工业企业，自投产之日起三年内按实际支付租金的50%给予补贴，单户企业年度最高12万元。',
        conditions: '与开发区管委会或园区平台公司签订标准厂房租赁合同，已投产并纳入统计。',
        supportType: 'subsidy',
        mode: 'fast',
        amount: fixed(12),
        rules: [[inRegion('park'), inIndustry('C')]],
        beneficiaries: '入驻园区标准厂房的工业企业',
        industries: ['C'],
        materials: ['租金补贴申请表（在线填写）', '标准厂房租赁合同', '租金支付凭证'],
      },
      {
        title: '园区企业用工招聘补助',
        summary: '对园区企业新招用员工并参保满6个月的，按每人500元给予招聘补助，单户年度最高5万元。',
        standard: '对园区企业通过公共就业服务机构或开发区组织的招聘活动新招用员工、签订1年以上劳动合同并参保满6个月的，按每人500元给予补助，单户企业年度最高5万元。',
        conditions: '企业位于云溪经济开发区内；新招用员工在县内缴纳社会保险满6个月。',
        supportType: 'talent',
        mode: 'fast',
        amount: { kind: 'perUnit', base: 'socialInsurance', perUnit: 0.05, cap: 5 },
        rules: [[inRegion('park')]],
        beneficiaries: '云溪经济开发区内的企业',
      },
    ],
  },
];

const MATERIALS: Record<Track, string[]> = {
  auto: ['无需提交申请材料，主管部门依据部门共享数据比对确定兑现名单', '企业在线确认收款账户信息'],
  fast: ['申请表（在线填写）', '营业执照（系统自动核验，无需上传）', '支持事项相关证明材料（扫描件）', '信用承诺书（在线签署）'],
  normal: ['申请表（加盖企业公章）', '营业执照副本复印件', '上年度财务审计报告或财务报表', '项目相关证明材料', '信用承诺书'],
  tax: ['无需报送资料，在纳税申报表中填报相关栏次即可享受', '相关资料留存备查'],
  honor: ['申报书（在申报平台在线填报）', '营业执照副本复印件', '上年度财务审计报告', '知识产权、主导产品等证明材料', '信用承诺书'],
};
const STEPS: Record<Track, string[]> = {
  auto: ['主管部门依据部门共享数据比对筛选符合条件的企业', '拟兑现名单公示（5个工作日）', '企业在线确认收款账户', '资金拨付至企业对公账户'],
  fast: ['登录“惠企通”在线提交申请', '主管部门审核（5个工作日内）', '结果公示（5个工作日）', '资金拨付至企业对公账户'],
  normal: ['在线或到受理窗口提交申请材料', '主管部门初审', '专家评审或现场核查', '联合审定并公示（5个工作日）', '资金拨付至企业对公账户'],
  tax: CIT_STEPS,
  honor: ['企业在线填报并提交申报材料', '县工业和信息化局初审推荐', '市（州）经济和信息化局复核', '省经济和信息化厅组织专家评审', '公示并发文认定'],
};
/** Working days from the decision to the money; 0 where nothing is paid out (tax relief is enjoyed when declaring, an honour is a decision). */
const PAYOUT_DAYS: Record<Track, number> = { auto: 15, fast: 20, normal: 45, tax: 0, honor: 0 };

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** China time has no daylight saving: UTC+8 all year. */
const CHINA = 8 * HOUR;
/** Midnight (China time) of the day `now` falls on, `days` days later. */
const chinaDay = (now: number, days: number) => Math.floor((now + CHINA) / DAY) * DAY - CHINA + days * DAY;
const at = (now: number, days: number, hours: number, minutes = 0, seconds = 0) => new Date(chinaDay(now, days) + hours * HOUR + minutes * 60_000 + seconds * 1000);
const chinaDate = (t: number) => new Date(t + CHINA).toISOString().slice(0, 10);

/**
 * Windows relative to the seed day, opening at 09:00 or at the start of a day and closing at
 * 17:00, 17:30 or 23:59:59, China time: closed, closing within 1–4 days, upcoming, open, in turn.
 */
function windowFor(i: number, now: number): [Date, Date] {
  switch (i % 6) {
    case 0: // closed
      return [at(now, -(100 + (i % 20)), 9), at(now, -(8 + (i % 10)), 17, 30)];
    case 1: // closing soon
      return [at(now, -(45 + (i % 10)), 9), at(now, 1 + (i % 4), 17)];
    case 2: {
      // upcoming
      const start = 6 + (i % 9);
      return [at(now, start, 9), at(now, start + 45, 17, 30)];
    }
    default: // open
      return [at(now, -(15 + i), 0), at(now, 30 + 2 * i, 23, 59, 59)];
  }
}

const labelOf = (type: keyof typeof DICTIONARIES, code: string) => DICTIONARIES[type].find(([c]) => c === code)?.[1] ?? code;
const deptOf = (code: string) => {
  const entry = DICTIONARIES.department.find(([c]) => c === code)!;
  return { name: entry[1], address: String(entry[2]?.address), phone: String(entry[2]?.phone) };
};
const trackOf = (g: GuideSeed): Track => g.track ?? (g.mode as Track);

/** What the document calls itself: 办法, 细则, 方案 or 措施. */
const docKind = (title: string) => (['办法', '细则', '方案'].find((k) => title.endsWith(k)) ?? '措施');

/** 1–99 as a 条's numeral: 五, 十二, 二十. */
function numeral(n: number): string {
  const digits = '零一二三四五六七八九';
  const tens = Math.floor(n / 10);
  const ones = n % 10;
  return `${tens === 0 ? '' : tens === 1 ? '十' : `${digits[tens]}十`}${ones === 0 && tens > 0 ? '' : digits[ones]}`;
}

/** The county's documents in chapters of numbered articles (第一条 …), as such measures are printed. */
function policyHtml(p: PolicySeed, expiry: string | null): string {
  if (p.html) return p.html;
  const kind = docKind(p.title);
  const local = p.level === 'city' ? '本市' : '本县';
  const scope = p.scope ?? `${local}行政区域内`;
  const hall = p.level === 'city' ? '所在县（市、区）政务服务中心' : '县政务服务中心';
  const until = expiry ? `有效期至${expiry.slice(0, 4)}年${Number(expiry.slice(5, 7))}月${Number(expiry.slice(8, 10))}日` : '长期有效';
  const chapters: [string, string[]][] = [
    ['第一章 总则', [p.preamble, `本${kind}适用于在${scope}依法登记注册、具有独立法人资格、实行独立核算的企业。申请支持的企业应依法经营、依法纳税，近三年未发生较大及以上安全生产、环境污染和质量事故，未被列入严重失信主体名单。`]],
    ['第二章 支持内容', p.guides.map((g) => `<strong>${g.title}。</strong>${g.standard}`)],
    ['第三章 申报与兑现', [
      `企业通过“惠企通”平台在线申报，或到${hall}惠企政策综合窗口申报，实行一次告知、一窗受理、限时办结。`,
      `同一项目同时符合本${kind}和${local}其他扶持政策的，按“从高、就高、不重复”原则给予支持。`,
      '以弄虚作假等手段骗取扶持资金的，依法依规追回资金，并纳入信用记录。',
    ]],
    ['第四章 附则', [`本${kind}由${p.interpreter ?? deptOf(p.department).name}负责解释，自印发之日起施行，${until}。`]],
  ];
  // 第二章's items at a glance, as such documents print them beside the articles.
  const table = `<table><thead><tr><th>支持事项</th><th>支持标准</th><th>申报方式</th></tr></thead><tbody>${p.guides.map((g) => `<tr><td>${g.title}</td><td>${g.standard}</td><td>${labelOf('guideMode', g.mode)}</td></tr>`).join('')}</tbody></table>`;
  let article = 0;
  return chapters
    .map(([heading, articles], i) => `<h2>${heading}</h2>\n${articles.map((a) => `<p>第${numeral(++article)}条 ${a}</p>`).join('\n')}${i === 1 ? `\n${table}` : ''}`)
    .join('\n');
}

function interpretationHtml(p: PolicySeed): string {
  if (p.interpretation) return p.interpretation;
  const dept = deptOf(p.department);
  return `<h3>一、制定背景</h3><p>${p.preamble.replace(/，?制定本(办法|措施|细则|方案)。$/, '，')}${p.issuer.replaceAll(' ', '、')}制定了本${docKind(p.title)}。</p>
<h3>二、主要内容</h3><p>共明确${p.guides.length}项支持事项：${p.guides.map((g) => g.title).join('、')}。各事项的支持标准、申报条件和申报时间以对应申报指南为准。</p>
<h3>三、申报方式</h3><p>“免申即享”事项由主管部门依据共享数据直接兑现，企业无需申报；其他事项请在申报时间内通过“惠企通”平台提交申请。</p>
<h3>四、咨询方式</h3><p>${dept.name}，地址：${dept.address}，咨询电话：${dept.phone}。</p>`;
}

const TOPICS: { title: string; summary: string; cover: string; pick: (g: GuideSeed) => boolean }[] = [
  { title: '科技创新专题', summary: '研发投入补助、高新技术企业认定与税收优惠、知识产权等科技创新支持政策。', cover: '#1658d8', pick: (g) => /研发|高新|科技|专利|技术中心/.test(g.title) },
  { title: '专精特新专题', summary: '优质中小企业梯度培育：创新型中小企业、专精特新中小企业、专精特新“小巨人”企业。', cover: '#c41d1d', pick: (g) => /专精特新|小巨人|创新型中小企业|服务券|示范基地/.test(g.title) },
  { title: '稳岗就业与人才专题', summary: '失业保险稳岗返还、一次性扩岗补助、人才引进与职业技能培训。', cover: '#0e8f7e', pick: (g) => g.supportType === 'talent' || /稳岗|扩岗/.test(g.title) },
  { title: '融资支持专题', summary: '流动资金、创业担保、知识产权质押、设备更新等贷款贴息，降低企业融资成本。', cover: '#6b3fc2', pick: (g) => g.supportType === 'interest' },
  { title: '减税降费专题', summary: '研发费用加计扣除、小型微利企业、高新技术企业等国家税费优惠政策及享受方式。', cover: '#d46b08', pick: (g) => g.supportType === 'tax' },
];

/** The day before the same date `years` later: a validity of whole years. */
function yearsAfter(date: string, years: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() + years);
  return new Date(d.getTime() - DAY).toISOString().slice(0, 10);
}

/** The demo's policies with their guides, as rows (the clause index's evaluation reads them without a database). */
export function demoPolicyRows(now = Date.now()) {
  let guideIndex = 0;
  return POLICIES.map((p, i) => {
    const publishDate = typeof p.published === 'string' ? p.published : chinaDate(chinaDay(now, -p.published));
    const expiryDate = p.expiry === null ? null : typeof p.expiry === 'string' ? p.expiry : yearsAfter(publishDate, p.expiry);
    const policy = {
      title: p.title,
      docNo: p.docNo,
      department: p.department,
      level: p.level,
      publishDate,
      expiryDate,
      contentHtml: sanitizeHtml(policyHtml(p, expiryDate)),
      interpretationHtml: sanitizeHtml(interpretationHtml(p)),
      attachments: [{ name: `${p.title}.pdf`, url: `https://www.yunxi.gov.cn/zcwj/${i + 1}.pdf` }],
    } satisfies typeof policies.$inferInsert;
    const guideRows = p.guides.map((g) => {
      const [windowStart, windowEnd] = windowFor(guideIndex, now);
      // Published at 10:00 on a day before its window opens.
      const publishedAt = new Date(Math.min(at(now, -(150 - 2 * guideIndex), 10).getTime(), chinaDay(windowStart.getTime(), -3) + 10 * HOUR));
      const dept = deptOf(g.contact ?? p.department);
      const track = trackOf(g);
      // A guide without conditions is open to every enterprise, said so explicitly.
      const eligibility: EligibilityRules = g.rules.length > 0 ? { groups: g.rules } : { groups: [], openToAll: true };
      const row = {
        title: g.title,
        summary: g.summary,
        beneficiaries: g.beneficiaries,
        conditionsText: g.conditions ?? `申报企业须为${g.beneficiaries}，依法经营、依法纳税，近三年未发生较大及以上安全生产、环境污染和质量事故，未被列入严重失信主体名单。`,
        supportStandard: g.standard,
        eligibility,
        amountRule: g.amount,
        supportType: g.supportType,
        mode: g.mode,
        industries: g.industries ?? [],
        windowStart,
        windowEnd,
        payoutDays: PAYOUT_DAYS[track],
        deptName: dept.name,
        deptAddress: dept.address,
        deptPhone: dept.phone,
        materials: g.materials ?? MATERIALS[track],
        steps: g.steps ?? STEPS[track],
        onlineUrl: g.onlineUrl ?? (g.mode === 'auto' ? null : `https://zwfw.yunxi.gov.cn/sb/${guideIndex + 1}`),
        viewCount: (guideIndex * 37) % 500,
        publishedAt,
      } satisfies Omit<typeof guides.$inferInsert, 'policyId'>;
      guideIndex++;
      return { seed: g, row };
    });
    return { policy, guides: guideRows };
  });
}

export async function seedPolicyDemo(db: DbOrTx, now = Date.now()): Promise<void> {
  const guideIds: { id: number; seed: GuideSeed }[] = [];
  for (const p of demoPolicyRows(now)) {
    const [policy] = await db.insert(policies).values(p.policy).returning({ id: policies.id });
    for (const g of p.guides) {
      const [row] = await db
        .insert(guides)
        .values({ ...g.row, policyId: policy!.id })
        .returning({ id: guides.id });
      guideIds.push({ id: row!.id, seed: g.seed });
    }
  }
  for (const [i, t] of TOPICS.entries()) {
    const [topic] = await db
      .insert(topics)
      .values({ title: t.title, summary: t.summary, cover: t.cover, startsAt: at(now, -60, 9), endsAt: i === 4 ? null : at(now, 300, 23, 59, 59), sort: i })
      .returning({ id: topics.id });
    const members = guideIds.filter((g) => t.pick(g.seed));
    if (members.length) await db.insert(topicGuides).values(members.map((m, position) => ({ topicId: topic!.id, guideId: m.id, position })));
  }
}
