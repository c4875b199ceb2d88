// What other services may use of the calculator: the enterprises a guide admits (push's audience).
export { qualifiedEnterprises, type EnterpriseFactsStore } from './reverse';
