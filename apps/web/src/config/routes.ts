// The static route list (spec §2): the top menu, the footer, the tag bar and the guard read it.
export interface RouteMeta {
  path: string;
  title: string;
  /** Reachable without login. */
  public?: boolean;
  /** Not shown in the menu. */
  hidden?: boolean;
  alwaysShow?: boolean;
  /** The spec's role metadata; kept, and as in the original not enforced (only 企业账户 gets in at all). */
  roles?: string[];
}

export const HOME_PATH = '/';
export const LOGIN_PATH = '/login';
export const POST_LOGIN_PATH = '/dataOverview/dataOverview';
/** Where the tag bar's 清空 leads. */
export const TAGS_RESET_PATH = '/workbench/workbench1';

export const PAGES: RouteMeta[] = [
  { path: '/', title: '首页', public: true },
  { path: '/policyCalculation/policyCalculation', title: '政策计算', roles: ['admin'] },
  { path: '/policyPush/policyPush', title: '政策推送', roles: ['admin'] },
  { path: '/policyMarket/policyMarket', title: '政策超市', roles: ['admin'] },
  { path: '/enterpriseDemands/enterpriseDemands', title: '企业诉求', roles: ['admin'] },
  { path: '/policyTopics/policyTopics', title: '政策专题', public: true, roles: ['admin'] },
  { path: '/enterCode/enterCode', title: '企业赋码', public: true, roles: ['admin'] },
  { path: '/personal/personal', title: '个人中心', hidden: true, roles: ['admin'] },
  { path: '/dataOverview/dataOverview', title: '数据概览', hidden: true },
  { path: '/workbench/workbench1', title: '工作台', hidden: true },
  { path: '/Index', title: '首页', hidden: true, public: true },
];

export const MENU = PAGES.filter((p) => !p.hidden);
/** The footer's links (spec §1). */
export const FOOTER_LINKS = PAGES.filter((p) => ['/', '/policyCalculation/policyCalculation', '/policyPush/policyPush', '/policyMarket/policyMarket', '/enterpriseDemands/enterpriseDemands', '/policyTopics/policyTopics'].includes(p.path));

/** Without a token only these paths are open (spec §2, plus registration and the error pages). */
export const PUBLIC_PATHS = new Set(['/login', '/register', '/', '/enterCode/enterCode', '/policyTopics/policyTopics', '/404', '/401', '/Index']);

export const pageTitle = (path: string) => PAGES.find((p) => p.path === path)?.title;
