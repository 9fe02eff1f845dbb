import { DataTable as ListTable, useDataTableRenderContext, useDataTableSortContext, type DataTableColumnProps, type DataTableProps, type RaRecord } from 'react-admin';

/**
 * react-admin's column, whose header also says whether the list is sorted by it and which way (`aria-sort`, WAI-ARIA
 * 1.2): react-admin shows the sort with an arrow only, which a screen reader does not announce.
 */
function Col<RecordType extends object>(props: DataTableColumnProps<RecordType>) {
  const sort = useDataTableSortContext();
  const header = useDataTableRenderContext() === 'header';
  const sorted = header && !props.disableSort && props.source !== undefined && sort?.field === props.source;
  return <ListTable.Col {...props} sortDirection={sorted ? (sort.order === 'ASC' ? 'asc' : 'desc') : false} />;
}

/** react-admin's DataTable with the column above; every list of the console uses it. */
export const DataTable = Object.assign(<RecordType extends RaRecord>(props: DataTableProps<RecordType>) => <ListTable<RecordType> {...props} />, { Col });
