/**
 * Prints the README's API table from the route registry (issue 15 item 1):
 * `npm run api:table`. Every path the server registers under /api is in the registry
 * (src/server/http/allRoutes.api.test.ts), so the table cannot miss one.
 */
import { allRoutes } from '../src/contracts/api/allRoutes.ts';
import { apiTable } from '../src/contracts/api/apiTable.ts';

console.log(apiTable(allRoutes));
