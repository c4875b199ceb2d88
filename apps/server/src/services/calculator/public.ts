// What other services may use of the calculator: the enterprises a guide admits (push's audience);
// one enterprise's verdict on one guide (政策申兑's 我要申报 and its record of the submission).
export { qualifiedEnterprises, type EnterpriseFactsStore } from './reverse';
export { guideVerdict, type GuideVerdictText } from './service';
