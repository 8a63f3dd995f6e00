// Every domain's HTTP surface, registered in this order by buildApp (which adds the voice
// gateway's route after them: the live-call runtime sits above the domains).
import type { AppDeps } from '../deps.js';
import type { App } from '../http/types.js';
import { authRoutes } from './auth/routes.js';
import { paymentRoutes } from './billing/routes.js';
import { interviewListRoutes } from './calls/list-routes.js';
import { reEvaluateRoutes } from './calls/re-evaluate-routes.js';
import { interviewRoutes } from './calls/routes.js';
import { customCallRoutes } from './custom-calls/routes.js';
import { evaluationRoutes } from './evaluation/routes.js';
import { healthRoutes } from './health/routes.js';
import { pageViewRoutes } from './page-views/routes.js';
import { publicConfigRoutes } from './public-config/routes.js';
import { interviewerRoutes } from './scenarios/routes.js';
import { settingsRoutes } from './settings/routes.js';
import { teamRoutes } from './teams/routes.js';
import { trackRoutes } from './tracks/routes.js';
import { userRoutes } from './users/routes.js';

export type RouteModule = (app: App, deps: AppDeps) => Promise<void>;

export const routeModules: RouteModule[] = [
  healthRoutes,
  authRoutes,
  pageViewRoutes,
  publicConfigRoutes,
  interviewerRoutes,
  interviewListRoutes,
  interviewRoutes,
  reEvaluateRoutes,
  userRoutes,
  evaluationRoutes,
  customCallRoutes,
  settingsRoutes,
  teamRoutes,
  trackRoutes,
  paymentRoutes,
];
