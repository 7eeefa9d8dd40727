/**
 * Classes that turn a table into a stacked list of cards on phones (below
 * the `md` width): each row a card, each cell labelled by its `data-label`
 * (the column's heading), nothing wider than the screen. From `md` up it is
 * the ordinary table. One document for both, so there is one of each button.
 */
export const stacked = {
  table: 'w-full text-sm max-md:block',
  head: 'bg-muted/50 text-left text-xs text-muted-foreground max-md:sr-only',
  body: 'divide-y max-md:block',
  row: 'max-md:grid max-md:grid-cols-2 max-md:gap-x-4 max-md:gap-y-3 max-md:px-4 max-md:py-3',
  cell: 'px-4 py-3 max-md:min-w-0 max-md:p-0 max-md:break-words max-md:before:mb-0.5 max-md:before:block max-md:before:text-xs max-md:before:font-normal max-md:before:text-muted-foreground max-md:before:content-[attr(data-label)]',
  /** A cell across the whole card (a name, an e-mail address, the actions). */
  wide: 'max-md:col-span-2',
} as const;
