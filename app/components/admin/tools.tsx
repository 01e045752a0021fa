import { RowDeleteLink, RowDialogLink, useRowLinks } from '~/components/admin/row-actions';
import { getInputProps, getSelectProps, getTextareaProps } from '@conform-to/react';
import { Form, useLocation } from '@remix-run/react';
import { useState } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { Cell, ListCount, ListTable } from '~/components/ui/list-table';
import { Field, SelectField, TextareaField, type Option } from '~/components/ui/field';
import { FormError } from '~/components/ui/form-error';
import { IntentForm } from '~/components/ui/intent-form';
import { ListSearch } from '~/components/ui/list-search';
import { DialogCloseLink, UrlDialog } from '~/components/ui/url-dialog';
import { toolCreateFormSchema, toolEditFormSchema } from '~/schemas/tool';
import { formatCpf } from '~/utils/cpf';
import { useIntentForm } from '~/utils/intent-form';
import type { AdminToolDetail } from '~/models/tools/tool.server';
import { withParams } from '~/utils/url-state';
import { CATEGORIES, CATEGORY_LABELS, LINK_TYPES, TOOL_LEVELS, type Category, type ToolLevel } from '~/utils/value-sets';
import { LightLink } from '~/components/ui/light-link';

type LinkType = (typeof LINK_TYPES)[number];

export const LINK_TYPE_LABELS: Readonly<Record<LinkType, string>> = { internal: 'Interno', external: 'Externo', custom: 'Personalizado' };

/** A row of the tools table. */
export type AdminToolRow = {
  id: number;
  name: string;
  category: Category;
  accessLevel: ToolLevel;
  linkType: LinkType;
  restricted: boolean;
};
export const TOOL_DIALOGS = ['edit'] as const;
const DIALOG_PARAMS = ['tool'] as const;

const CATEGORY_OPTIONS: Option[] = CATEGORIES.map((value) => ({ value, label: CATEGORY_LABELS[value] }));
const LEVEL_OPTIONS: Option[] = TOOL_LEVELS.map((value) => ({ value, label: value }));
const LINK_TYPE_OPTIONS: Option[] = LINK_TYPES.map((value) => ({ value, label: LINK_TYPE_LABELS[value] }));

export const toolDeleteMessage = (name: string) =>
  `Tem certeza que deseja excluir a ferramenta ${name}? As avaliações dela também serão removidas.`;

type ToolFormProps = { intent: 'create' | 'update'; tool?: AdminToolDetail };

/**
 * The add and edit form, with the specification's Admin panel behaviour: the custom type sets the link to '#',
 * internal or external clears the custom HTML, unchecking 'Restringir por CPF' clears the list,
 * and the HTML editor has 20 rows. With JavaScript it happens as the admin chooses; without it
 * every field shows with a note and the server applies the same rules on save.
 */
function ToolForm({ intent, tool }: ToolFormProps) {
  const hydrated = useHydrated();
  const edit = intent === 'update';
  // One set of fields for both: the create schema is the edit one without `id`, which create does not render.
  const schema = (edit ? toolEditFormSchema : toolCreateFormSchema) as typeof toolEditFormSchema;
  const { form, fields, submitting } = useIntentForm(intent, schema, {
    id: edit ? `tool-edit-${tool?.id}` : 'tool-create',
    defaultValue: tool
      ? {
          id: String(tool.id),
          name: tool.name,
          description: tool.description,
          category: tool.category,
          accessLevel: tool.accessLevel,
          linkType: tool.linkType,
          link: tool.link,
          customHtml: tool.customHtml,
          showInIframe: tool.showInIframe ? 'on' : '',
          restrictByCpf: tool.restrictedCpfs ? 'on' : '',
          restrictedCpfs: tool.restrictedCpfs,
        }
      : { category: 'mechanical', accessLevel: 'E-BASIC', linkType: 'internal' },
  });
  const [linkType, setLinkType] = useState(String(fields.linkType.initialValue ?? tool?.linkType ?? 'internal'));
  const [restricted, setRestricted] = useState(Boolean(tool?.restrictedCpfs) || fields.restrictByCpf.initialValue === 'on');
  const custom = linkType === 'custom';
  const title = edit ? 'Erro ao atualizar ferramenta' : 'Erro ao criar ferramenta';

  const chooseLinkType = (next: string) => {
    setLinkType(next);
    if (next === 'custom') form.update({ name: fields.link.name, value: '#' });
    else {
      form.update({ name: fields.customHtml.name, value: '' });
      if (custom) form.update({ name: fields.link.name, value: '' });
    }
  };
  const toggleRestriction = (checked: boolean) => {
    setRestricted(checked);
    if (!checked) form.update({ name: fields.restrictedCpfs.name, value: '' });
  };

  return (
    <IntentForm intent={intent} form={form} className="grid gap-4 sm:grid-cols-2">
      {edit ? <input {...getInputProps(fields.id, { type: 'hidden' })} /> : null}
      <div className="sm:col-span-2">
        <FormError title={title} errors={form.errors} />
      </div>
      <Field
        label="Nome"
        errors={fields.name.errors}
        inputProps={{ ...getInputProps(fields.name, { type: 'text' }), autoComplete: 'off' }}
      />
      <SelectField
        label="Categoria"
        errors={fields.category.errors}
        options={CATEGORY_OPTIONS}
        selectProps={getSelectProps(fields.category)}
      />
      <TextareaField
        className="sm:col-span-2"
        label="Descrição"
        errors={fields.description.errors}
        textareaProps={{ ...getTextareaProps(fields.description), rows: 3 }}
      />
      <SelectField
        label="Nível de acesso"
        errors={fields.accessLevel.errors}
        options={LEVEL_OPTIONS}
        selectProps={getSelectProps(fields.accessLevel)}
      />
      <SelectField
        label="Tipo de link"
        errors={fields.linkType.errors}
        options={LINK_TYPE_OPTIONS}
        selectProps={{ ...getSelectProps(fields.linkType), onChange: (event) => chooseLinkType(event.currentTarget.value) }}
      />
      <Field
        className="sm:col-span-2"
        label="Link"
        hint={
          hydrated
            ? custom
              ? 'Ferramentas personalizadas usam o HTML abaixo.'
              : undefined
            : 'Interno: um caminho do site (ex.: /calculators/torque-eixo). Externo: uma URL https://. Personalizado: o link fica "#".'
        }
        errors={fields.link.errors}
        inputProps={{
          ...getInputProps(fields.link, { type: 'text' }),
          autoComplete: 'off',
          readOnly: hydrated && custom ? true : undefined,
        }}
      />
      <div className="sm:col-span-2" hidden={hydrated && !custom}>
        <TextareaField
          label="HTML personalizado"
          hint={
            hydrated ? 'Exibido numa moldura isolada (sandbox).' : 'Usado apenas para o tipo Personalizado; nos outros tipos é descartado.'
          }
          errors={fields.customHtml.errors}
          textareaProps={{ ...getTextareaProps(fields.customHtml), rows: 20, spellCheck: false, className: 'input font-mono text-xs' }}
        />
      </div>
      <label className="flex items-center gap-2 text-sm sm:col-span-2">
        <input {...getInputProps(fields.showInIframe, { type: 'checkbox' })} className="h-4 w-4" />
        Exibir em iframe (ferramentas internas)
      </label>
      <label className="flex items-center gap-2 text-sm sm:col-span-2">
        <input
          {...getInputProps(fields.restrictByCpf, { type: 'checkbox' })}
          className="h-4 w-4"
          onChange={(event) => toggleRestriction(event.currentTarget.checked)}
        />
        Restringir por CPF
      </label>
      <div className="sm:col-span-2" hidden={hydrated && !restricted}>
        <TextareaField
          label="CPFs permitidos"
          hint={
            hydrated
              ? 'Separados por vírgula ou um por linha. Só essas contas veem a ferramenta.'
              : 'Usado apenas com "Restringir por CPF" marcado. Separados por vírgula ou um por linha.'
          }
          errors={fields.restrictedCpfs.errors}
          textareaProps={{ ...getTextareaProps(fields.restrictedCpfs), rows: 3 }}
        />
        {tool && tool.holders.length > 0 ? <CpfHolders holders={tool.holders} /> : null}
      </div>
      <div className={edit ? 'flex justify-end gap-2 sm:col-span-2' : 'sm:col-span-2'}>
        {edit ? <DialogCloseLink params={DIALOG_PARAMS}>Cancelar</DialogCloseLink> : null}
        <button type="submit" className="btn-primary" disabled={submitting}>
          {submitting ? 'Salvando...' : edit ? 'Salvar' : 'Adicionar ferramenta'}
        </button>
      </div>
    </IntentForm>
  );
}

/** Who the saved whitelist admits: each CPF with the account that holds it, or 'sem conta'. */
function CpfHolders({ holders }: { holders: AdminToolDetail['holders'] }) {
  return (
    <div className="mt-2 rounded-md border border-slate-200 bg-slate-50 p-3 text-sm" data-testid="cpf-holders">
      <p className="font-medium text-slate-700">Quem a lista salva admite:</p>
      <ul className="mt-1 space-y-0.5">
        {holders.map((holder) => (
          <li key={holder.cpf}>
            <span className="font-mono">{formatCpf(holder.cpf)}</span> — {holder.username ?? <em className="text-slate-500">sem conta</em>}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function ToolCreateForm() {
  return (
    <section className="card" aria-labelledby="tool-create-title">
      <h2 id="tool-create-title" className="mb-4 text-lg font-semibold">
        Adicionar ferramenta
      </h2>
      <ToolForm intent="create" />
    </section>
  );
}

export function ToolEditDialog({ tool }: { tool: AdminToolDetail }) {
  return (
    <UrlDialog title="Editar ferramenta" params={DIALOG_PARAMS} size="lg">
      <ToolForm intent="update" tool={tool} />
    </UrlDialog>
  );
}

/** Search (name or description), category and access level, all in the URL. */
export function ToolFilters({ q, category, access }: { q: string; category: Category | null; access: ToolLevel | null }) {
  const location = useLocation();
  return (
    <div className="space-y-3">
      <ListSearch
        label="Buscar por nome ou descrição"
        placeholder="Buscar por nome ou descrição"
        defaultValue={q}
        keep={{ category, access }}
        id="tool-search"
      />
      <Form method="get" className="flex flex-wrap items-end gap-2">
        {q ? <input type="hidden" name="q" value={q} /> : null}
        <SelectField
          label="Categoria"
          options={CATEGORY_OPTIONS}
          placeholder="Todas"
          selectProps={{ id: 'tool-category-filter', name: 'category', defaultValue: category ?? '' }}
        />
        <SelectField
          label="Nível de acesso"
          options={LEVEL_OPTIONS}
          placeholder="Todos"
          selectProps={{ id: 'tool-access-filter', name: 'access', defaultValue: access ?? '' }}
        />
        <button type="submit" className="btn-secondary">
          Filtrar
        </button>
        {category || access ? (
          <LightLink
            to={`${location.pathname}${withParams(location.search, { category: null, access: null, page: null })}`}
            className="btn-ghost"
          >
            Limpar filtros
          </LightLink>
        ) : null}
      </Form>
    </div>
  );
}

export function ToolTable({ tools, total }: { tools: readonly AdminToolRow[]; total: number }) {
  const links = useRowLinks('tool');
  return (
    <>
      <ListCount total={total} one="ferramenta" many="ferramentas" />
      <ListTable
        label="Ferramentas"
        headers={['Nome', 'Categoria', 'Acesso', 'Tipo', 'Ações']}
        empty="Nenhuma ferramenta encontrada"
        count={tools.length}
      >
        {tools.map((tool) => (
          <tr key={tool.id} data-testid="tool-row">
            <Cell className="font-medium">
              {tool.name}
              {tool.restricted ? <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs text-amber-800">CPF</span> : null}
            </Cell>
            <Cell>{CATEGORY_LABELS[tool.category]}</Cell>
            <Cell>{tool.accessLevel}</Cell>
            <Cell>{LINK_TYPE_LABELS[tool.linkType]}</Cell>
            <Cell>
              <div className="flex flex-wrap gap-1">
                <RowDialogLink to={links.dialog('edit', tool.id)}>
                  Editar<span className="sr-only"> {tool.name}</span>
                </RowDialogLink>
                <RowDeleteLink to={links.confirm('delete-tool', tool.id)} message={toolDeleteMessage(tool.name)} id={tool.id}>
                  Excluir<span className="sr-only"> {tool.name}</span>
                </RowDeleteLink>
              </div>
            </Cell>
          </tr>
        ))}
      </ListTable>
    </>
  );
}
