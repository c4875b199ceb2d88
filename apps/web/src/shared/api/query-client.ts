// One query cache per page load, shared by the portal's shell and the console's layout, and the
// platform's information as a query, which both frames, the footer and the home page read (the
// login page reads it without the query client: platform.ts).
import { QueryClient } from '@tanstack/react-query';
import { loadPlatformInfo } from './platform';

export const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });

export const platformQuery = { queryKey: ['platform'], queryFn: loadPlatformInfo, staleTime: Infinity };
