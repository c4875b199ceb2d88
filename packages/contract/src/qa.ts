// 政策问答 (issue 40, docs/qa.md): an enterprise asks in its own words and gets the clauses of the
// published texts that answer it, quoted and linked, and — with one of its enterprises chosen — the
// calculator's verdict on the guides those clauses belong to. Retrieval is lexical (segmentation +
// BM25 over clauses, services/qa); the answer is composed from the clauses by templates, never
// generated; when nothing scores high enough it says so and offers 转人工.
import Type, { type TSchema } from 'typebox';
import { PageQuery, Id } from './envelope';
import { defineService } from './service';

export const QA_PATHS = {
  /** Public (a login, when sent, adds the enterprise's verdicts and keeps the question in its history). */
  ask: '/api/v1/policyqa/ask',
  /** Public: 有用 / 没用 on an answer, proven by the key the answer carried. */
  feedback: '/api/v1/policyqa/feedback',
  /** The account's own questions, newest first. */
  history: '/api/v1/policyqa/history',
  /** One of the account's own questions (转人工: 提交诉求 opens with it). */
  question: '/api/v1/policyqa/question/:id',
} as const;

/** 转人工: the 诉求 form, opened with the question (the page fetches it: the text never goes into the address). */
export const appealFromQuestionLink = (id: number) => `/enterpriseDemands/enterpriseDemands?new=1&question=${id}`;
/** What the 诉求 form is filled with from a question the texts did not answer. */
export const appealFromQuestion = (question: string) => ({
  category: 'policy',
  title: `政策咨询：${question.length > 20 ? `${question.slice(0, 20)}…` : question}`,
  content: `${question}\n（在“政策问答”中未找到能回答的条款，请工作人员解答。）`,
});

export const QA_CONSOLE_PATHS = {
  /** Questions answered 没用 or not answered at all, newest first (to write an FAQ or an 诉求 from). */
  queue: '/api/v1/policyqa/console/questions',
  /** Questions a day, the answered share, the 有用 share. */
  figures: '/api/v1/policyqa/console/figures',
  /** Staff-written 常见问题: the list (GET), a new one (POST). */
  faqs: '/api/v1/policyqa/console/faqs',
  /** One 常见问题: rewritten (PUT) or removed (DELETE). */
  faq: '/api/v1/policyqa/console/faqs/:id',
} as const;

/** The portal page (public: questions about the texts; the personal part after login). */
export const QA_PAGE = '/policyQa/policyQa';

/** The dictionary of policy terms kept whole by the segmenter (字典管理): label = the term, extra.synonyms = its other names, `|`-separated. */
export const QA_TERM_DICT = 'qaTerm';

/**
 * The block elements of a policy's HTML a clause may start at, in document order: the server counts
 * them as it splits a text into clauses (services/qa/clauses.ts), the policy page counts them to
 * scroll to a cited one (querySelectorAll's order is the start tags' order).
 */
export const CLAUSE_BLOCKS = 'h1,h2,h3,h4,h5,h6,p,li,tr';

/** Which text of a policy a clause is in: 原文 (c) or 解读 (i). */
export type ClausePart = 'c' | 'i';
/** The policy page's address at a clause: `clause=c12` is the 12th block (from 0) of the text. */
export const clauseParam = (part: ClausePart, block: number) => `${part}${block}`;
export const readClauseParam = (raw: string | null): { part: ClausePart; block: number } | null => {
  const m = /^([ci])(\d{1,5})$/.exec(raw ?? '');
  return m ? { part: m[1] as ClausePart, block: Number(m[2]) } : null;
};

export const QA_LENGTH = { question: 200, minQuestion: 2 } as const;

export const QA_MSG = {
  questionLength: `请用 ${QA_LENGTH.minQuestion}–${QA_LENGTH.question} 个字描述您的问题`,
  notAnswered: '现有政策文件中没有找到能回答这个问题的条款。',
  askHuman: '您可以转人工：提交一条诉求，或致电县工业和信息化局。',
  feedbackThanks: '感谢您的反馈',
  questionNotFound: '问题不存在',
  feedbackOnce: '这条回答已评价过',
  enterpriseNotFound: '企业不存在',
} as const;

/** How a cited text stands on the day asked: in force, ended (已失效) or not yet in force (尚未施行). */
export const CLAUSE_VALIDITY = { current: '现行有效', expired: '已失效', notYet: '尚未施行' } as const;
export type ClauseValidity = keyof typeof CLAUSE_VALIDITY;

/** A passage's kind: a clause of the text, of its 解读, a guide's 申报条件 / 支持标准 / 申报材料 / 办理流程, or a staff-written 常见问题. */
export const PASSAGE_KINDS = { clause: '政策原文', interpretation: '政策解读', conditions: '申报条件', standard: '支持标准', materials: '申报材料', procedure: '办理流程', faq: '常见问题' } as const;
export type PassageKind = keyof typeof PASSAGE_KINDS;

/** The calculator's word on a guide for the chosen enterprise. */
export const QA_VERDICTS = { eligible: '符合', oneShort: '差一项', ineligible: '不符合', missing: '缺少数据' } as const;
export type QaVerdict = keyof typeof QA_VERDICTS;

// ---- inputs ----------------------------------------------------------------------------------------


export const AskBody = Type.Object({
  question: Type.String({
    title: '问题',
    minLength: QA_LENGTH.minQuestion,
    maxLength: QA_LENGTH.question,
    errorMessage: QA_MSG.questionLength,
  }),
  /** One of the account's enterprises: its profile is run through the calculator for the cited guides. */
  enterpriseId: Type.Optional(Id('企业')),
});
export type AskBody = Type.Static<typeof AskBody>;

export const FeedbackBody = Type.Object({
  id: Id('问题编号'),
  /** The answer's own key: a visitor's feedback is proven by it, as an account's is. */
  key: Type.String({ title: '评价凭据', minLength: 16, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$', errorMessage: '评价凭据不正确' }),
  useful: Type.Boolean({ title: '是否有用', errorMessage: '请选择有用或没用' }),
});
export type FeedbackBody = Type.Static<typeof FeedbackBody>;

// ---- answers ---------------------------------------------------------------------------------------

const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);

export const Citation = Type.Object({
  policyId: Type.Integer(),
  policyTitle: Type.String(),
  docNo: Type.String(),
  kind: Type.Enum(Object.keys(PASSAGE_KINDS) as PassageKind[]),
  /** Where it is, as printed: 第二章 支持内容 › 第五条; a guide's: 申报指南《…》 › 申报条件. */
  clause: Type.String(),
  /** The clause's own text. */
  quote: Type.String(),
  /** The policy page at that clause (or the guide in the market). */
  link: Type.String(),
  validity: Type.Enum(Object.keys(CLAUSE_VALIDITY) as ClauseValidity[]),
});
export type Citation = Type.Static<typeof Citation>;

export const AnswerGuide = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  /** With an enterprise chosen: the calculator's verdict, what is missing, the estimate (万元). */
  verdict: Type.Optional(Type.Enum(Object.keys(QA_VERDICTS) as QaVerdict[])),
  verdictLabel: Type.Optional(Type.String()),
  reasons: Type.Optional(Type.Array(Type.String())),
  amount: Type.Optional(Nullable(Type.Number())),
  amountText: Type.Optional(Type.String()),
});
export type AnswerGuide = Type.Static<typeof AnswerGuide>;

/** A number with its unit as the question says it: 800万 → 800 (万元), 50人. */
export const Quantity = Type.Object({ text: Type.String(), value: Type.Number(), unit: Type.String() });
export type Quantity = Type.Static<typeof Quantity>;

export const AskAnswer = Type.Object({
  id: Type.Integer(),
  /** For 有用 / 没用 (FeedbackBody.key). */
  key: Type.String(),
  answered: Type.Boolean(),
  answer: Type.String(),
  citations: Type.Array(Citation),
  guides: Type.Array(AnswerGuide),
  quantities: Type.Array(Quantity),
  /** The bureau's phone, for 转人工. */
  phone: Type.String(),
});
export type AskAnswer = Type.Static<typeof AskAnswer>;

export const QuestionIdParams = Type.Object({ id: Id('问题编号') });

export const QaHistoryItem = Type.Object({
  id: Type.Integer(),
  question: Type.String(),
  answered: Type.Boolean(),
  useful: Nullable(Type.Boolean()),
  askedAt: Type.String(),
});
export type QaHistoryItem = Type.Static<typeof QaHistoryItem>;

// ---- the console ---------------------------------------------------------------------------------

/** The queue's tabs: questions the texts did not answer, and answers marked 没用. */
export const QA_QUEUE_KINDS = { all: '全部', unanswered: '未能回答', useless: '回答没用' } as const;
export type QaQueueKind = keyof typeof QA_QUEUE_KINDS;

export const QaQueueQuery = Type.Object({
  ...PageQuery.properties,
  kind: Type.Optional(Type.Enum(Object.keys(QA_QUEUE_KINDS) as QaQueueKind[], { title: '类别', errorMessage: '类别不正确' })),
});
export type QaQueueQuery = Type.Static<typeof QaQueueQuery>;

export const QaQueueRow = Type.Object({
  id: Type.Integer(),
  question: Type.String(),
  answered: Type.Boolean(),
  useful: Nullable(Type.Boolean()),
  askedAt: Type.String(),
  /** The account that asked, or null: a visitor. */
  asker: Nullable(Type.String()),
  enterpriseName: Nullable(Type.String()),
  citations: Type.Array(Type.Object({ policyId: Type.Integer(), docNo: Type.String(), clause: Type.String() })),
});
export type QaQueueRow = Type.Static<typeof QaQueueRow>;

export const QaFigures = Type.Object({
  /** The last 30 China days, oldest first, each with its questions, those answered, and 有用 / 没用 marks. */
  days: Type.Array(Type.Object({ day: Type.String(), asked: Type.Integer(), answered: Type.Integer(), useful: Type.Integer(), useless: Type.Integer() })),
  asked: Type.Integer(),
  /** answered / asked, and useful / (useful + useless): 0–1, null when nothing to divide. */
  answeredShare: Nullable(Type.Number()),
  usefulShare: Nullable(Type.Number()),
});
export type QaFigures = Type.Static<typeof QaFigures>;

/** A staff-written 常见问题: its question and the other ways it is asked, its answer, the clause it rests on, who keeps it and when it is reviewed. */
export const QA_FAQ_LENGTH = { question: 100, variants: 10, answer: 2000, clause: 100 } as const;
const FaqText = (title: string, max: number) => Type.String({ title, minLength: 2, maxLength: max, errorMessage: `${title}应为 2–${max} 个字` });

export const FaqInput = Type.Object({
  question: FaqText('问题', QA_FAQ_LENGTH.question),
  variants: Type.Array(FaqText('问法', QA_FAQ_LENGTH.question), { title: '其他问法', maxItems: QA_FAQ_LENGTH.variants, errorMessage: `其他问法最多 ${QA_FAQ_LENGTH.variants} 条，每条 2–${QA_FAQ_LENGTH.question} 个字` }),
  answer: FaqText('答案', QA_FAQ_LENGTH.answer),
  /** The published policy it rests on, and the clause as printed (第五条): cited with the answer. */
  policyId: Id('依据的政策文件'),
  clause: Type.String({ title: '依据条款', maxLength: QA_FAQ_LENGTH.clause, errorMessage: `依据条款不能超过 ${QA_FAQ_LENGTH.clause} 个字` }),
  reviewOn: Type.String({ title: '复核日期', pattern: '^\\d{4}-\\d{2}-\\d{2}$', errorMessage: '复核日期格式应为 YYYY-MM-DD' }),
});
export type FaqInput = Type.Static<typeof FaqInput>;

export const Faq = Type.Object({
  id: Type.Integer(),
  ...FaqInput.properties,
  policyTitle: Type.String(),
  docNo: Type.String(),
  owner: Type.String(),
  updatedAt: Type.String(),
  /** Its review date has come (the list shows it first). */
  reviewDue: Type.Boolean(),
});
export type Faq = Type.Static<typeof Faq>;

export const QA_FAQ_MSG = {
  saved: '常见问题已保存',
  deleted: '常见问题已删除',
  notFound: '常见问题不存在',
  policyNotPublished: '依据的政策文件不存在或未发布',
  badDay: '复核日期不是有效的日期',
} as const;

export const QA_SERVICE = defineService({
  key: 'qa',
  name: '政策问答',
  messageSources: {},
  messages: null,
  audit: { actions: { 'qa.faq.saved': '保存常见问题', 'qa.faq.deleted': '删除常见问题' }, details: { question: '问题', variants: '其他问法', reviewOn: '复核日期' } },
  dictionaries: {
    // The policy terms the segmenter keeps whole (专精|特|新 otherwise), with their other names.
    qaTerm: {
      name: '问答词典',
      seed: [
        // Terms of the texts, with the names enterprises give them.
        ['zjtx', '专精特新', { synonyms: '专精特新中小企业|专精特新企业|专精特新认定' }],
        ['xjr', '小巨人', { synonyms: '专精特新小巨人|小巨人企业' }],
        ['cxxzxqy', '创新型中小企业', { synonyms: '创新型企业' }],
        ['kjxzxqy', '科技型中小企业', { synonyms: '科小|科技型企业' }],
        ['gq', '高新技术企业', { synonyms: '高企|高新企业|国家高新技术企业' }],
        ['jjkc', '加计扣除', { synonyms: '研发费用加计扣除|税前加计扣除|多扣除|多扣' }],
        ['yf', '研发费用', { synonyms: '研发投入|研发经费|研发支出|研发' }],
        ['sts', '首台套', { synonyms: '首台（套）|首台(套)|首台' }],
        ['gs', '规上企业', { synonyms: '规模以上|规上|规模以上工业企业|入规' }],
        ['xsg', '小升规', { synonyms: '首次入规|升规' }],
        ['xs', '限额以上', { synonyms: '限上|限额以上统计' }],
        ['rk', '入库', { synonyms: '纳入|入统' }],
        ['jg', '技术改造', { synonyms: '技改' }],
        ['sbgx', '设备更新', { synonyms: '更新设备|设备换新' }],
        ['dktx', '贷款贴息', { synonyms: '贴息|利息补贴' }],
        ['ldzj', '流动资金贷款', { synonyms: '流贷|流动资金贷|经营贷' }],
        ['cjdb', '创业担保贷款', { synonyms: '创业贷|创业担保' }],
        ['sd', '首贷', { synonyms: '首次贷款|第一次贷款' }],
        ['bt', '补贴', { synonyms: '补助|奖补|资助|扶持资金|补贴资金|补' }],
        ['jl', '奖励', { synonyms: '奖|奖金|一次性奖励' }],
        ['wgbw', '稳岗返还', { synonyms: '失业保险稳岗返还|稳岗补贴|稳岗' }],
        ['kgbz', '扩岗补助', { synonyms: '一次性扩岗补助|扩岗' }],
        ['sybx', '失业保险', { synonyms: '失业险' }],
        ['sb', '社会保险', { synonyms: '社保' }],
        ['gccrc', '高层次人才', { synonyms: '高端人才|人才引进|引进人才' }],
        ['xwqy', '小型微利企业', { synonyms: '小微企业|小微' }],
        ['xgm', '小规模纳税人', { synonyms: '小规模' }],
        ['zz', '增值税', { synonyms: '增值税小规模纳税人' }],
        ['sds', '企业所得税', { synonyms: '企业所得税税率' }],
        ['hdzs', '核定征收', { synonyms: '核定' }],
        ['zscq', '知识产权', { synonyms: '专利|知产' }],
        ['cmsb', '驰名商标', { synonyms: '商标品牌' }],
        ['sy', '上云用云', { synonyms: '企业上云|上云|云服务' }],
        ['cxbx', '出口信用保险', { synonyms: '信保|出口信保|出口信用险' }],
        ['cz', '参展', { synonyms: '展会|展位费|参加展会' }],
        ['zz2', '资质', { synonyms: '资质升级|资质等级' }],
        ['xj', '星级饭店', { synonyms: '星级酒店|星级' }],
        ['gzq', '个转企', { synonyms: '个体户转企业|个体工商户转型升级' }],
        ['gth', '个体工商户', { synonyms: '个体户|个体' }],
        ['gg', '股份制改造', { synonyms: '股改' }],
        ['ssjl', '上市', { synonyms: '挂牌上市|ipo' }],
        ['xzcf', '闲置厂房', { synonyms: '空置厂房|旧厂房' }],
        ['mfh', '满负荷', { synonyms: '满负荷生产' }],
        ['fwq', '服务券', { synonyms: '中小企业服务券' }],
        ['sc', '双创', { synonyms: '大众创业万众创新' }],
        ['zzjs', '技术中心', { synonyms: '企业技术中心' }],
        ['sfcj', '示范车间', { synonyms: '智能制造示范车间|智能工厂|数字化车间' }],
        ['lsgc', '绿色工厂', { synonyms: '绿色制造' }],
        ['jnjt', '节能降碳', { synonyms: '节能改造|节能' }],
        ['mysx', '免申即享', { synonyms: '免申报|不用申请|不用申报|无需申报|自己申请|自己申报|主动申请' }],
        ['zyywsr', '主营业务收入', { synonyms: '营业收入|营收|收入|产值' }],
        ['lhzx', '六税两费', { synonyms: '六税两费减半' }],
        // The words of any county's support texts and of the people who ask about them (not one text's).
        ['zg', '最高', { synonyms: '封顶|上限|最多|顶格|最高不超过|最大' }],
        ['bl', '比例', { synonyms: '几成|百分之几|多少比例|按比例|比率|几个点' }],
        ['rd', '认定', { synonyms: '评定|评上|评为|认定为|被认定|获评|获批|评选|被评为' }],
        ['sc1', '首次', { synonyms: '第一次|头一回|头一次|首度|初次' }],
        ['xzz', '新增', { synonyms: '新招|新招用|新吸纳|新增加' }],
        ['zzl', '增长', { synonyms: '同比增长|增幅|涨了|增加了' }],
        ['xzc', '新注册', { synonyms: '新成立|新办|刚成立|新设立|新注册企业|新开办|刚注册|新开' }],
        ['zzy', '制造业', { synonyms: '制造企业|制造业企业|工厂|实体企业' }],
        ['mq', '民营企业', { synonyms: '民企|私营企业|私企' }],
        ['wm', '外贸', { synonyms: '进出口|外贸企业|出口企业|做出口|出口额' }],
        ['dzsw', '电子商务', { synonyms: '电商|网店|直播带货|直播电商|网上销售|网络销售' }],
        ['fhq', '孵化器', { synonyms: '众创空间|科技企业孵化器|孵化基地' }],
        ['zsyz', '招商引资', { synonyms: '新引进|落户|引进项目|招商' }],
        ['gdzc', '固定资产投资', { synonyms: '固投|设备投资|投资额' }],
        ['fz', '房租', { synonyms: '租金|房屋租金|场地租金|厂房租金|租厂房' }],
        ['cf', '厂房', { synonyms: '标准厂房|生产用房' }],
        ['yg', '用工', { synonyms: '招工|招聘|招人' }],
        ['px', '培训', { synonyms: '技能培训|职业培训|职业技能培训' }],
        ['rz', '融资', { synonyms: '借款|借钱|银行贷款|贷款' }],
        ['db', '担保', { synonyms: '担保费|融资担保|担保公司' }],
        ['bz', '标准', { synonyms: '国家标准|行业标准|团体标准|标准制定|制定标准' }],
        ['pp', '品牌', { synonyms: '名牌|品牌建设|自主品牌' }],
        ['xcp', '新产品', { synonyms: '新品|新产品开发|新品研发' }],
        ['cxy', '产学研', { synonyms: '校企合作|产学研合作|高校合作|和高校合作' }],
        ['szh', '数字化转型', { synonyms: '数字化改造|智能化改造|数字化|智能化|数智化' }],
        ['gyhlw', '工业互联网', { synonyms: '工业互联网平台' }],
        ['aqsc', '安全生产', { synonyms: '安全改造|安全隐患|安全生产改造' }],
        ['hb', '环保', { synonyms: '环境保护|污染治理|环保改造|治污' }],
        ['gjj', '国家级', { synonyms: '国家级别|国家层面' }],
        ['sjj2', '省级', { synonyms: '省里|省级别' }],
        ['shj', '市级', { synonyms: '市里|市级别' }],
        // What a question asks after: the texts' headings and the guides' parts answer to these.
        ['sbcl', '申报材料', { synonyms: '材料|资料|材料清单|要交什么|交什么' }],
        ['sbtj', '申报条件', { synonyms: '条件|门槛|要求|够得上|够不够' }],
        ['sblc', '申报流程', { synonyms: '办理流程|申请流程|申报程序|办理程序|流程|步骤|手续|怎么申请|怎么申报|如何申请|如何申报|怎么办理|怎么报|去哪申请|去哪报|在哪申请|在哪报|网上申请|网上申报|线上申报|在线申报|网上办' }],
        ['sbsj', '申报时间', { synonyms: '申请时间|受理时间|申报期|申报窗口|什么时候申报|什么时候申请|什么时候报|几月份报|几月报|何时申报|啥时候报|啥时候申请|开始申报|申报截止' }],
        ['dxsx', '兑现时限', { synonyms: '兑现时间|拨付时间|到账时间|多久到账|多长时间到账|什么时候到账|啥时候到账|多久能到|多久拨付|什么时候拨付|几天到账|多少个工作日' }],
        ['yxq', '有效期', { synonyms: '到期|失效|有效期至|截止|什么时候结束|管几年' }],
        ['zxfs', '咨询方式', { synonyms: '电话|地址|咨询|联系方式|办公地点|在哪办公|受理部门|哪个部门|找哪个部门|找谁|联系谁|联系人' }],
        ['fzjs', '负责解释', { synonyms: '解释' }],
        ['bcf', '不重复', { synonyms: '重复享受|两头|叠加|同时享受|再奖|再补' }],
        ['zpgs', '弄虚作假', { synonyms: '造假|骗取|虚报' }],
        // The county's departments, as enterprises call them.
        ['gxj', '工业和信息化局', { synonyms: '工信局|经信局' }],
        ['fgj', '发展和改革局', { synonyms: '发改局' }],
        ['rsj', '人力资源和社会保障局', { synonyms: '人社局' }],
        ['sjj', '市场监督管理局', { synonyms: '市场监管局|市监局' }],
        ['swj', '税务局', { synonyms: '税务' }],
            ],
    },
  },
  numberPrefixes: [],
  flows: [],
});
