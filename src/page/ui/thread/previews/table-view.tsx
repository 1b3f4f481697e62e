import { createSignal, For, Index, Show } from 'solid-js';
import type { TablePreview } from '@/page/state/thread/attachment-preview-kind.ts';

/** One sheet: its first row as the header, the rest as rows, and what was left out. */
function SheetTable(props: { table: TablePreview }) {
  const header = () => props.table.rows[0] ?? [];
  const body = () => props.table.rows.slice(1);
  const dataRows = () => Math.max(0, props.table.totalRows - 1);
  return (
    <>
      <div class="table-scroll">
        <table>
          <thead>
            <tr>
              <Index each={header()}>{(cell) => <th scope="col">{cell()}</th>}</Index>
            </tr>
          </thead>
          <tbody>
            <Index each={body()}>
              {(row) => (
                <tr>
                  <Index each={row()}>{(cell) => <td>{cell()}</td>}</Index>
                </tr>
              )}
            </Index>
          </tbody>
        </table>
      </div>
      <p class="table-size">
        {dataRows()} {dataRows() === 1 ? 'row' : 'rows'} below the header × {props.table.totalColumns}{' '}
        {props.table.totalColumns === 1 ? 'column' : 'columns'}
        {props.table.rows.length < props.table.totalRows
          ? ` · the first ${props.table.rows.length - 1} shown; open the file for all`
          : ''}
      </p>
    </>
  );
}

/** A table attachment: its sheets as tabs (one sheet: just the table). Cells are text, never HTML. */
export default function TableView(props: { tables: TablePreview[] }) {
  const [index, setIndex] = createSignal(0);
  const current = () => props.tables[Math.min(index(), props.tables.length - 1)];
  return (
    <div class="table-preview">
      <Show when={props.tables.length > 1}>
        <div class="sheet-tabs" role="tablist" aria-label="Sheets">
          <For each={props.tables}>
            {(table, position) => (
              <button
                type="button"
                role="tab"
                aria-selected={position() === index()}
                onClick={() => setIndex(position())}
              >
                {table.name}
              </button>
            )}
          </For>
        </div>
      </Show>
      <Show when={current()} fallback={<p class="view-message">The file has no rows.</p>}>
        {(table) => <SheetTable table={table()} />}
      </Show>
    </div>
  );
}
