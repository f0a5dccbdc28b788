// The JSON APIs and health checks: every route the front door answers
// (server/front-door.ts), each with its module, in one table, within the
// areas of server/api-areas.ts. Every other list of these paths derives from
// the two or is checked against them by tests/api/front-door.test.ts: the
// proxy's matcher, the route files, the OpenAPI document and the tests'
// route policy.
// Paths are written as the API reference writes them, a parameter as {id}.
// docs/decisions/021-one-server.md says why these are not left to Next.
import type { RouteModuleEntry } from "@/lib/labs/openapi";
import { HEALTH_ROUTES } from "@/server/health-routes";
import * as apiBaseAskLog from "@/server/routes/api/base-ask/log";
import * as apiCoreAskId from "@/server/routes/api/core-ask/[id]";
import * as apiCoreAskIdClaim from "@/server/routes/api/core-ask/[id]/claim";
import * as apiCoreAskIdDraftResponse from "@/server/routes/api/core-ask/[id]/draft-response";
import * as apiCoreAskIdRelease from "@/server/routes/api/core-ask/[id]/release";
import * as apiCoreAskIdUpdate from "@/server/routes/api/core-ask/[id]/update";
import * as apiCoreAskAttachmentsId from "@/server/routes/api/core-ask/attachments/[id]";
import * as apiCoreAskDecisionsReady from "@/server/routes/api/core-ask/decisions/ready";
import * as apiCoreAskLog from "@/server/routes/api/core-ask/log";
import * as apiCoreAskPending from "@/server/routes/api/core-ask/pending";
import * as apiCoreAskTips from "@/server/routes/api/core-ask/tips";
import * as apiCoreAskTipsIdDelete from "@/server/routes/api/core-ask/tips/[id]/delete";
import * as apiCoreAskTipsRandom from "@/server/routes/api/core-ask/tips/random";
import * as apiMcp from "@/server/routes/api/mcp";
import * as apiOpenapiJson from "@/server/routes/api/openapi-json";
import * as baseResearchApiItemsId from "@/server/routes/base-research/api/items/[id]";
import * as baseResearchApiNote from "@/server/routes/base-research/api/note";
import * as baseResearchApiNotes from "@/server/routes/base-research/api/notes";
import * as baseResearchApiObserve from "@/server/routes/base-research/api/observe";
import * as baseResearchApiState from "@/server/routes/base-research/api/state";
import * as baseScanApiCards from "@/server/routes/base-scan/api/cards";
import * as baseScanApiCardsId from "@/server/routes/base-scan/api/cards/[id]";
import * as baseScanApiCardsIdDelete from "@/server/routes/base-scan/api/cards/[id]/delete";
import * as baseScanApiCardsIdPhotosSide from "@/server/routes/base-scan/api/cards/[id]/photos/[side]";
import * as baseScanApiCardsIdSpend from "@/server/routes/base-scan/api/cards/[id]/spend";
import * as baseScanApiCardsIdUsed from "@/server/routes/base-scan/api/cards/[id]/used";
import * as baseScanApiExport from "@/server/routes/base-scan/api/export";
import * as baseScanApiImport from "@/server/routes/base-scan/api/import";
import * as baseScanApiPreferencesCode from "@/server/routes/base-scan/api/preferences/[code]";
import * as baseScanApiPreferencesSet from "@/server/routes/base-scan/api/preferences/set";
import * as baseScanApiPrices from "@/server/routes/base-scan/api/prices";
import * as baseScanApiProductsCode from "@/server/routes/base-scan/api/products/[code]";
import * as baseScanApiProductsCodeEnrich from "@/server/routes/base-scan/api/products/[code]/enrich";
import * as baseScanApiProductsManual from "@/server/routes/base-scan/api/products/manual";
import * as baseScanApiProductsSearch from "@/server/routes/base-scan/api/products/search";
import * as baseScanApiScan from "@/server/routes/base-scan/api/scan";
import * as baseScanApiScansIdStore from "@/server/routes/base-scan/api/scans/[id]/store";
import * as baseScanApiSessionSid from "@/server/routes/base-scan/api/session/[sid]";
import * as baseScanApiSessionEnd from "@/server/routes/base-scan/api/session/end";
import * as baseScanApiStores from "@/server/routes/base-scan/api/stores";
import * as baseScanApiStoresIdCards from "@/server/routes/base-scan/api/stores/[id]/cards";
import * as labsApiBackup from "@/server/routes/labs/api/backup";
import * as labsApiBackups from "@/server/routes/labs/api/backups";
import * as labsApiBackupsName from "@/server/routes/labs/api/backups/[name]";
import * as labsApiDashboard from "@/server/routes/labs/api/dashboard";
import * as labsApiDevices from "@/server/routes/labs/api/devices";
import * as labsApiDevicesIdRevoke from "@/server/routes/labs/api/devices/[id]/revoke";
import * as labsApiDevicesPairings from "@/server/routes/labs/api/devices/pairings";
import * as labsApiEvents from "@/server/routes/labs/api/events";
import * as labsApiEventsStream from "@/server/routes/labs/api/events/stream";
import * as labsApiKeys from "@/server/routes/labs/api/keys";
import * as labsApiKeysIdRevoke from "@/server/routes/labs/api/keys/[id]/revoke";
import * as labsApiNotifyChannels from "@/server/routes/labs/api/notify/channels";
import * as labsApiNotifyChannelsId from "@/server/routes/labs/api/notify/channels/[id]";
import * as labsApiNotifyChannelsIdTest from "@/server/routes/labs/api/notify/channels/[id]/test";
import * as labsApiNotifyQuietHours from "@/server/routes/labs/api/notify/quiet-hours";
import * as labsApiNtfy from "@/server/routes/labs/api/ntfy";
import * as labsApiNtfyId from "@/server/routes/labs/api/ntfy/[id]";
import * as labsApiPushPublicKey from "@/server/routes/labs/api/push/public-key";
import * as labsApiPushSubscriptions from "@/server/routes/labs/api/push/subscriptions";
import * as labsApiPushSubscriptionsId from "@/server/routes/labs/api/push/subscriptions/[id]";
import * as labsApiRestore from "@/server/routes/labs/api/restore";
import * as labsApiUsage from "@/server/routes/labs/api/usage";
import * as labsApiViews from "@/server/routes/labs/api/views";
import * as labsApiWatches from "@/server/routes/labs/api/watches";
import * as labsApiWatchesId from "@/server/routes/labs/api/watches/[id]";
import * as labsApiWebhooks from "@/server/routes/labs/api/webhooks";
import * as labsApiWebhooksId from "@/server/routes/labs/api/webhooks/[id]";
import * as labsApiWebhooksIdDeliveries from "@/server/routes/labs/api/webhooks/[id]/deliveries";
import * as labsApiWebhooksIdDeliveriesDeliveryIdRetry from "@/server/routes/labs/api/webhooks/[id]/deliveries/[delivery_id]/retry";
import * as labsApiWebhooksIdTest from "@/server/routes/labs/api/webhooks/[id]/test";

export const API_ROUTES: RouteModuleEntry[] = [
  ...HEALTH_ROUTES,
  { path: "/api/base-ask/log", module: apiBaseAskLog },
  { path: "/api/core-ask/{id}", module: apiCoreAskId },
  { path: "/api/core-ask/{id}/claim", module: apiCoreAskIdClaim },
  { path: "/api/core-ask/{id}/draft-response", module: apiCoreAskIdDraftResponse },
  { path: "/api/core-ask/{id}/release", module: apiCoreAskIdRelease },
  { path: "/api/core-ask/{id}/update", module: apiCoreAskIdUpdate },
  { path: "/api/core-ask/attachments/{id}", module: apiCoreAskAttachmentsId },
  { path: "/api/core-ask/decisions/ready", module: apiCoreAskDecisionsReady },
  { path: "/api/core-ask/log", module: apiCoreAskLog },
  { path: "/api/core-ask/pending", module: apiCoreAskPending },
  { path: "/api/core-ask/tips", module: apiCoreAskTips },
  { path: "/api/core-ask/tips/{id}/delete", module: apiCoreAskTipsIdDelete },
  { path: "/api/core-ask/tips/random", module: apiCoreAskTipsRandom },
  { path: "/api/mcp", module: apiMcp },
  { path: "/api/openapi.json", module: apiOpenapiJson },
  { path: "/base-research/api/items/{id}", module: baseResearchApiItemsId },
  { path: "/base-research/api/note", module: baseResearchApiNote },
  { path: "/base-research/api/notes", module: baseResearchApiNotes },
  { path: "/base-research/api/observe", module: baseResearchApiObserve },
  { path: "/base-research/api/state", module: baseResearchApiState },
  { path: "/base-scan/api/cards", module: baseScanApiCards },
  { path: "/base-scan/api/cards/{id}", module: baseScanApiCardsId },
  { path: "/base-scan/api/cards/{id}/delete", module: baseScanApiCardsIdDelete },
  { path: "/base-scan/api/cards/{id}/photos/{side}", module: baseScanApiCardsIdPhotosSide },
  { path: "/base-scan/api/cards/{id}/spend", module: baseScanApiCardsIdSpend },
  { path: "/base-scan/api/cards/{id}/used", module: baseScanApiCardsIdUsed },
  { path: "/base-scan/api/export", module: baseScanApiExport },
  { path: "/base-scan/api/import", module: baseScanApiImport },
  { path: "/base-scan/api/preferences/{code}", module: baseScanApiPreferencesCode },
  { path: "/base-scan/api/preferences/set", module: baseScanApiPreferencesSet },
  { path: "/base-scan/api/prices", module: baseScanApiPrices },
  { path: "/base-scan/api/products/{code}", module: baseScanApiProductsCode },
  { path: "/base-scan/api/products/{code}/enrich", module: baseScanApiProductsCodeEnrich },
  { path: "/base-scan/api/products/manual", module: baseScanApiProductsManual },
  { path: "/base-scan/api/products/search", module: baseScanApiProductsSearch },
  { path: "/base-scan/api/scan", module: baseScanApiScan },
  { path: "/base-scan/api/scans/{id}/store", module: baseScanApiScansIdStore },
  { path: "/base-scan/api/session/{sid}", module: baseScanApiSessionSid },
  { path: "/base-scan/api/session/end", module: baseScanApiSessionEnd },
  { path: "/base-scan/api/stores", module: baseScanApiStores },
  { path: "/base-scan/api/stores/{id}/cards", module: baseScanApiStoresIdCards },
  { path: "/labs/api/backup", module: labsApiBackup },
  { path: "/labs/api/backups", module: labsApiBackups },
  { path: "/labs/api/backups/{name}", module: labsApiBackupsName },
  { path: "/labs/api/dashboard", module: labsApiDashboard },
  { path: "/labs/api/devices", module: labsApiDevices },
  { path: "/labs/api/devices/{id}/revoke", module: labsApiDevicesIdRevoke },
  { path: "/labs/api/devices/pairings", module: labsApiDevicesPairings },
  { path: "/labs/api/events", module: labsApiEvents },
  { path: "/labs/api/events/stream", module: labsApiEventsStream },
  { path: "/labs/api/keys", module: labsApiKeys },
  { path: "/labs/api/keys/{id}/revoke", module: labsApiKeysIdRevoke },
  { path: "/labs/api/notify/channels", module: labsApiNotifyChannels },
  { path: "/labs/api/notify/channels/{id}", module: labsApiNotifyChannelsId },
  { path: "/labs/api/notify/channels/{id}/test", module: labsApiNotifyChannelsIdTest },
  { path: "/labs/api/notify/quiet-hours", module: labsApiNotifyQuietHours },
  { path: "/labs/api/ntfy", module: labsApiNtfy },
  { path: "/labs/api/ntfy/{id}", module: labsApiNtfyId },
  { path: "/labs/api/push/public-key", module: labsApiPushPublicKey },
  { path: "/labs/api/push/subscriptions", module: labsApiPushSubscriptions },
  { path: "/labs/api/push/subscriptions/{id}", module: labsApiPushSubscriptionsId },
  { path: "/labs/api/restore", module: labsApiRestore },
  { path: "/labs/api/usage", module: labsApiUsage },
  { path: "/labs/api/views", module: labsApiViews },
  { path: "/labs/api/watches", module: labsApiWatches },
  { path: "/labs/api/watches/{id}", module: labsApiWatchesId },
  { path: "/labs/api/webhooks", module: labsApiWebhooks },
  { path: "/labs/api/webhooks/{id}", module: labsApiWebhooksId },
  { path: "/labs/api/webhooks/{id}/deliveries", module: labsApiWebhooksIdDeliveries },
  {
    path: "/labs/api/webhooks/{id}/deliveries/{delivery_id}/retry",
    module: labsApiWebhooksIdDeliveriesDeliveryIdRetry,
  },
  { path: "/labs/api/webhooks/{id}/test", module: labsApiWebhooksIdTest },
];
