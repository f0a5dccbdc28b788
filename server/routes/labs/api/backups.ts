// GET /labs/api/backups – the backups kept in BACKUP_DIR, with their proof; POST – take one now (operator only)
import { originLabel } from "@/lib/auth/origin";
import { route } from "@/lib/http/route";
import { listBackups, takeBackup } from "@/lib/platform/scheduled-backups";
import { backupTakenResponse, listBackupsResponse } from "@/lib/platform/schemas";

export const GET = route(
  {
    auth: "operator",
    summary: "List the backups kept on this server, newest first, each with its size and whether it restored",
    response: listBackupsResponse,
  },
  async () => ({ backups: await listBackups() }),
);

export const POST = route(
  {
    auth: "operator",
    summary: "Take a backup now into BACKUP_DIR and prove it restores, as the nightly one does",
    status: 201,
    response: backupTakenResponse,
  },
  async ({ origin }) => ({ backup: await takeBackup({ origin: originLabel(origin) }) }),
);
