import { Trans, useLingui } from '@lingui/react/macro';
import type { CategoryDto } from '../../lib/shared/api-types';

/** What the filters read and set (the catalogue feature's `useToolSearch`). */
interface ToolSearchState {
  search: string;
  setSearch: (search: string) => void;
  categoryId: number | undefined;
  setCategoryId: (categoryId: number | undefined) => void;
  categories: CategoryDto[];
}

interface ToolFiltersProps {
  /** Prefix of the fields' ids: both screens may be in one document's history, never in one page. */
  idPrefix: string;
  tools: ToolSearchState;
  /** How a category reads in the list, and whether it can be chosen (a health professional's builder). */
  describeCategory?: (category: CategoryDto) => { label: string; disabled: boolean };
}

/** The search field and the category filter over a professional's tools. */
export function ToolFilters({ idPrefix, tools, describeCategory }: ToolFiltersProps) {
  const { t } = useLingui();
  return (
    <div className="tools-step__filters">
      <div className="field">
        <label className="field__label" htmlFor={`${idPrefix}-search`}>
          <Trans>Buscar herramienta</Trans>
        </label>
        <input
          id={`${idPrefix}-search`}
          type="search"
          className="input"
          value={tools.search}
          onChange={(event) => tools.setSearch(event.target.value)}
        />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${idPrefix}-category`}>
          <Trans>Categoría</Trans>
        </label>
        <select
          id={`${idPrefix}-category`}
          className="input"
          value={tools.categoryId ?? ''}
          onChange={(event) => tools.setCategoryId(event.target.value ? Number(event.target.value) : undefined)}
        >
          <option value="">{t`Todas`}</option>
          {tools.categories.map((category) => {
            const { label, disabled } = describeCategory?.(category) ?? { label: category.name, disabled: false };
            return (
              <option key={category.id} value={category.id} disabled={disabled}>
                {label}
              </option>
            );
          })}
        </select>
      </div>
    </div>
  );
}
