// The account's enterprises, for the picker: the calculator service's getallenterprise (features
// share no code, so the call is named here under the calculator's own query key).
import { queryOptions } from '@tanstack/react-query';
import { CALCULATOR_PATHS, type EnterpriseSummary } from '@hqt/contract/calculator';
import { http } from '@/shared/api/http';

export const enterprisesQuery = () => queryOptions({ queryKey: ['calculator', 'enterprises'], queryFn: () => http.get<EnterpriseSummary[]>(CALCULATOR_PATHS.allEnterprises) });
