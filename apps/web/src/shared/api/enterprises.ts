// The account's enterprises, for every service's picker (诉求, 走访, 申报): the calculator service's
// getallenterprise, under the calculator's own query key, so a profile saved there refreshes them all.
import { queryOptions } from '@tanstack/react-query';
import { CALCULATOR_PATHS, type EnterpriseSummary } from '@hqt/contract/calculator';
import { http } from './http';

export const enterprisesQuery = () => queryOptions({ queryKey: ['calculator', 'enterprises'], queryFn: () => http.get<EnterpriseSummary[]>(CALCULATOR_PATHS.allEnterprises) });
