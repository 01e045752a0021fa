import { createHash } from 'node:crypto';
import { count, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { databaseVersion, db, preparedQuery, type Executor } from '../../../db/client';
import { tools, users, type Category, type ToolLevel, type ToolRow } from '../../../db/schema';
import { toolInputSchema, type ToolInput, type ToolPatch } from '../../schemas/tool';
import { AppError } from '../../utils/errors';
import { sortKey } from '../../utils/fold';
import { comparePtBr } from '../../utils/format';
import { listQuerySchema, pageOf, paginate, type Page } from '../../utils/pagination.server';
import { describeChanges, recordAudit, type AuditActor } from '../audit/audit.server';
import { parseCpfList, toolAccess, type AccessSubject, type ToolAccess } from './tool-access';

export const TOOL_ERRORS = {
  notFound: 'Ferramenta não encontrada',
  locked: (level: ToolLevel) => `Esta ferramenta requer o plano ${level}.`,
  notCustom: 'Esta ferramenta não possui HTML personalizado.',
} as const;

/** Everything a card needs; never the custom HTML, which only the sandboxed frame serves. */
type CardSource = Omit<ToolRow, 'customHtml'>;

type ToolCardBase = {
  id: number;
  name: string;
  description: string;
  category: ToolRow['category'];
  accessLevel: ToolLevel;
  linkType: ToolRow['linkType'];
  averageRating: number;
  totalRatings: number;
  showInIframe: boolean;
};

export type OpenToolCard = ToolCardBase & {
  locked: false;
  link: string;
  /** What the tool dialog embeds: the sandboxed frame of a custom tool, or an internal page. */
  frameUrl: string | null;
};
export type LockedToolCard = ToolCardBase & { locked: true; requiredLevel: ToolLevel };
export type ToolCard = OpenToolCard | LockedToolCard;

export const toolFrameUrl = (id: number) => `/resources/tool-frame/${id}`;

/**
 * The one shape in which a tool reaches a non-admin (dashboard and API alike): null when the
 * user may not see it, and without its link when they may see but not use it.
 */
export function toToolCard(tool: CardSource, user: AccessSubject): ToolCard | null {
  const access = toolAccess(user, tool);
  if (access === 'hidden') return null;
  const base: ToolCardBase = {
    id: tool.id,
    name: tool.name,
    description: tool.description,
    category: tool.category,
    accessLevel: tool.accessLevel,
    linkType: tool.linkType,
    averageRating: tool.averageRating,
    totalRatings: tool.totalRatings,
    showInIframe: tool.showInIframe,
  };
  if (access === 'locked') return { ...base, locked: true, requiredLevel: tool.accessLevel };
  const frameUrl =
    tool.linkType === 'custom' ? toolFrameUrl(tool.id) : tool.linkType === 'internal' && tool.showInIframe ? tool.link : null;
  return { ...base, locked: false, link: tool.link, frameUrl };
}

const ADMIN: AccessSubject = { role: 'admin', cpf: null };

/** Admins manage tools, so their API answers carry the whole tool. */
export function toAdminTool(tool: ToolRow) {
  return {
    ...(toToolCard(tool, ADMIN) as OpenToolCard),
    customHtml: tool.customHtml,
    restrictedCpfs: tool.restrictedCpfs,
    createdAt: tool.createdAt.toISOString(),
    createdBy: tool.createdBy,
  };
}
export type AdminTool = ReturnType<typeof toAdminTool>;

const { customHtml: _customHtml, ...cardColumns } = getTableColumns(tools);

const byName = (a: { name: string }, b: { name: string }) => comparePtBr(a.name, b.name);

const allToolCards = preparedQuery(() => db.select(cardColumns).from(tools).prepare());

const cardsFor = (rows: CardSource[], user: AccessSubject) =>
  rows.map((tool) => toToolCard(tool, user)).filter((card): card is ToolCard => card !== null);

/**
 * Every signed-in page reads the whole tool list (the dashboard's filters are built from it).
 * It changes only when something is written, so it is kept until the database version moves
 * (any write, from this process or another), with the cards per access subject (role and CPF).
 */
let cardCache: {
  version: string;
  rows: CardSource[];
  bySubject: Map<string, ToolCard[]>;
  apiBySubject: Map<string, ApiToolCard[]>;
  customHtml: Map<number, string | null> | null;
} | null = null;

/** Every tool without its HTML, by name, from the cache (re-read once the database version moves). */
function cachedToolRows() {
  const version = databaseVersion();
  if (cardCache?.version !== version) {
    cardCache = { version, rows: allToolCards().all().sort(byName), bySubject: new Map(), apiBySubject: new Map(), customHtml: null };
  }
  return cardCache;
}

/** The tools this user sees, as cards, by name. */
export function listToolsFor(user: AccessSubject, executor: Executor = db): ToolCard[] {
  if (executor !== db) return cardsFor(executor.select(cardColumns).from(tools).all(), user).sort(byName);
  const cardCache = cachedToolRows();
  const subject = `${user.role}:${user.cpf ?? ''}`;
  let cards = cardCache.bySubject.get(subject);
  if (!cards) {
    cards = cardsFor(cardCache.rows, user);
    if (cardCache.bySubject.size < 1000) cardCache.bySubject.set(subject, cards);
  }
  return cards;
}

/**
 * The API's card (`GET /api/tools`, the specification's JSON API): the specification's client renders a custom
 * tool's HTML itself, so a user who may use the tool also gets its `customHtml` as stored.
 * Locked cards stay without link, frame or HTML. Pages never use this shape: they show custom
 * HTML only inside the sandboxed frame.
 */
export type ApiToolCard = LockedToolCard | (OpenToolCard & { customHtml: string | null });

const customToolHtml = preparedQuery(() =>
  db.select({ id: tools.id, customHtml: tools.customHtml }).from(tools).where(eq(tools.linkType, 'custom')).prepare(),
);

/**
 * The tools this user sees, in the API's shape, by name: the cached cards of `listToolsFor` with
 * the stored HTML of the custom tools they may open, kept per access subject with the cards.
 */
export function listApiToolsFor(user: AccessSubject): ApiToolCard[] {
  const cache = cachedToolRows();
  const subject = `${user.role}:${user.cpf ?? ''}`;
  let cards = cache.apiBySubject.get(subject);
  if (!cards) {
    const html = (cache.customHtml ??= new Map(
      customToolHtml()
        .all()
        .map((row) => [row.id, row.customHtml]),
    ));
    cards = listToolsFor(user).map((card) => (card.locked ? card : { ...card, customHtml: html.get(card.id) ?? null }));
    if (cache.apiBySubject.size < 1000) cache.apiBySubject.set(subject, cards);
  }
  return cards;
}

/** `GET /api/tools`: every tool for admins, the visible ones for others; a bounded page by name. */
export const toolListQuerySchema = listQuerySchema({ sorts: ['name'], perPage: 100, maxPerPage: 200 });

export function listAdminTools(query: { page: number; perPage: number } = { page: 1, perPage: 200 }): Page<AdminTool> {
  return paginate(query, {
    count: () => db.select({ value: count() }).from(tools).get()?.value ?? 0,
    rows: (limit, offset) =>
      db
        .select()
        .from(tools)
        .orderBy(sql`${tools.name} collate nocase`, tools.id)
        .limit(limit)
        .offset(offset)
        .all()
        .map(toAdminTool)
        .sort(byName),
  });
}

/** The dashboard grid: 24 cards a page (fills 1, 2 and 3 columns). */
export const dashboardQuerySchema = listQuerySchema({ sorts: ['name'], perPage: 24, maxPerPage: 48 });

export type VisibleTool = { row: ToolRow; access: Exclude<ToolAccess, 'hidden'> };

/** The tool and what the user may do with it; 404 when it does not exist or is hidden from them. */
export function findVisibleTool(user: AccessSubject, toolId: number, executor: Executor = db): VisibleTool {
  const row = executor.select().from(tools).where(eq(tools.id, toolId)).get();
  const access = row ? toolAccess(user, row) : 'hidden';
  if (!row || access === 'hidden') throw new AppError(404, TOOL_ERRORS.notFound);
  return { row, access };
}

/** A tool the user may use: 404 when hidden or missing, 403 when locked. */
export function requireUsableTool(user: AccessSubject, toolId: number, executor: Executor = db): ToolRow {
  const { row, access } = findVisibleTool(user, toolId, executor);
  if (access === 'locked') throw new AppError(403, TOOL_ERRORS.locked(row.accessLevel));
  return row;
}

/** The admin-written HTML of a custom tool, for the sandboxed frame route only. */
export function getToolFrameHtml(user: AccessSubject, toolId: number): string {
  const tool = requireUsableTool(user, toolId);
  if (tool.linkType !== 'custom' || !tool.customHtml) throw new AppError(404, TOOL_ERRORS.notCustom);
  return tool.customHtml;
}

/**
 * The admin page's table (/admin/tools?q=&category=&access=&page=): a page of the cached tool
 * rows (a few hundred at most, kept until any write; decision 011), by name. `q` matches the name
 * or description, ignoring case and accents.
 */
export type AdminToolFilter = { q?: string; category?: Category; accessLevel?: ToolLevel; page: number; perPage: number };

export type AdminToolListItem = Pick<ToolRow, 'id' | 'name' | 'category' | 'accessLevel' | 'linkType'> & { restricted: boolean };

const searchText = new WeakMap<CardSource, string>();
const searchTextOf = (row: CardSource) => {
  let text = searchText.get(row);
  if (text === undefined) {
    text = `${sortKey(row.name)}\n${sortKey(row.description)}`;
    searchText.set(row, text);
  }
  return text;
};

export function listAdminToolPage(filter: AdminToolFilter): Page<AdminToolListItem> {
  const key = filter.q ? sortKey(filter.q) : '';
  const rows = cachedToolRows().rows.filter(
    (row) =>
      (!filter.category || row.category === filter.category) &&
      (!filter.accessLevel || row.accessLevel === filter.accessLevel) &&
      (!key || searchTextOf(row).includes(key)),
  );
  const page = pageOf(rows, filter);
  return {
    ...page,
    items: page.items.map((row) => ({
      id: row.id,
      name: row.name,
      category: row.category,
      accessLevel: row.accessLevel,
      linkType: row.linkType,
      restricted: Boolean(row.restrictedCpfs),
    })),
  };
}

/** One tool, whole (the admin's edit form). */
export function getToolForAdmin(toolId: number): ToolRow {
  const row = db.select().from(tools).where(eq(tools.id, toolId)).get();
  if (!row) throw new AppError(404, TOOL_ERRORS.notFound);
  return row;
}

export type CpfHolder = { cpf: string; username: string | null };

/** The tool an admin's edit dialog is about, with who its CPF list admits ('sem conta': nobody holds that CPF yet). */
export type AdminToolDetail = {
  id: number;
  name: string;
  description: string;
  category: ToolRow['category'];
  accessLevel: ToolRow['accessLevel'];
  linkType: ToolRow['linkType'];
  link: string;
  customHtml: string;
  showInIframe: boolean;
  restricted: boolean;
  restrictedCpfs: string;
  holders: CpfHolder[];
};

export function getAdminToolDetail(toolId: number): AdminToolDetail {
  const tool = getToolForAdmin(toolId);
  const cpfs = parseCpfList(tool.restrictedCpfs);
  return {
    id: tool.id,
    name: tool.name,
    description: tool.description,
    category: tool.category,
    accessLevel: tool.accessLevel,
    linkType: tool.linkType,
    link: tool.link,
    customHtml: tool.customHtml ?? '',
    showInIframe: tool.showInIframe,
    restricted: cpfs.length > 0,
    restrictedCpfs: cpfs.join(', '),
    holders: cpfHolders(tool.restrictedCpfs),
  };
}

/**
 * Who a CPF whitelist admits today: for each CPF the account that holds it, or null when none
 * does yet (anyone registering with it later will see the tool). One indexed lookup (users_cpf_unique).
 */
export function cpfHolders(restrictedCpfs: string | null): CpfHolder[] {
  const cpfs = parseCpfList(restrictedCpfs);
  if (cpfs.length === 0) return [];
  const holders = new Map(
    db
      .select({ cpf: users.cpf, username: users.username })
      .from(users)
      .where(inArray(users.cpf, cpfs))
      .all()
      .map((row) => [row.cpf, row.username]),
  );
  return cpfs.map((cpf) => ({ cpf, username: holders.get(cpf) ?? null }));
}

/** What the audit log compares: long or personal values as a short digest (the HTML's size and hash, how many CPFs). */
function auditedTool(tool: ToolInput | ToolRow) {
  const cpfCount = tool.restrictedCpfs ? tool.restrictedCpfs.split(',').length : 0;
  return {
    name: tool.name,
    description: tool.description,
    category: tool.category,
    accessLevel: tool.accessLevel,
    linkType: tool.linkType,
    link: tool.link,
    customHtml: tool.customHtml
      ? `${tool.customHtml.length} caracteres (${createHash('sha256').update(tool.customHtml).digest('hex').slice(0, 8)})`
      : null,
    restrictedCpfs: cpfCount ? `${cpfCount} CPF(s)` : null,
    showInIframe: tool.showInIframe,
  };
}
const AUDITED_TOOL_FIELDS = [
  'name',
  'description',
  'category',
  'accessLevel',
  'linkType',
  'link',
  'customHtml',
  'restrictedCpfs',
  'showInIframe',
] as const;

export function createTool(actor: AuditActor, input: ToolInput): ToolRow {
  return db.transaction((tx) => {
    const row = tx
      .insert(tools)
      .values({ ...input, createdBy: actor.id })
      .returning()
      .get();
    recordAudit(tx, actor, {
      action: 'tool.create',
      entityType: 'tool',
      entityId: row.id,
      summary: `criada: ${row.name} (${row.category}, ${row.accessLevel}, ${row.linkType})`,
    });
    return row;
  });
}

/** The stored tool as input fields (a custom tool's '#' placeholder is no real link). */
function storedFields(row: ToolRow) {
  return {
    name: row.name,
    description: row.description,
    category: row.category,
    accessLevel: row.accessLevel,
    linkType: row.linkType,
    link: row.linkType === 'custom' ? '' : row.link,
    customHtml: row.customHtml,
    restrictedCpfs: row.restrictedCpfs,
    showInIframe: row.showInIframe,
  };
}

/** Applies a partial change and checks the whole tool again with the validation rules; audited when something changed. */
export function updateTool(actor: AuditActor, toolId: number, patch: ToolPatch): ToolRow {
  return db.transaction((tx) => {
    const row = tx.select().from(tools).where(eq(tools.id, toolId)).get();
    if (!row) throw new AppError(404, TOOL_ERRORS.notFound);
    const changes = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
    const parsed = toolInputSchema.safeParse({ ...storedFields(row), ...changes });
    if (!parsed.success) throw new AppError(400, parsed.error.issues[0]?.message ?? 'Dados inválidos');
    const updated = tx.update(tools).set(parsed.data).where(eq(tools.id, toolId)).returning().get();
    const summary = describeChanges(auditedTool(row), auditedTool(updated), AUDITED_TOOL_FIELDS);
    if (summary) recordAudit(tx, actor, { action: 'tool.update', entityType: 'tool', entityId: toolId, summary });
    return updated;
  });
}

/** Removes the tool; its ratings go with it (ON DELETE CASCADE). */
export function deleteTool(actor: AuditActor, toolId: number): void {
  db.transaction((tx) => {
    const deleted = tx.delete(tools).where(eq(tools.id, toolId)).returning({ id: tools.id, name: tools.name }).get();
    if (!deleted) throw new AppError(404, TOOL_ERRORS.notFound);
    recordAudit(tx, actor, { action: 'tool.delete', entityType: 'tool', entityId: toolId, summary: `excluída: ${deleted.name}` });
  });
}
