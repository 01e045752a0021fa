/** The list kit's 'De' / 'Até' pair of a GET filter form (`from`, `to` as yyyy-mm-dd, read by the list's query schema). */
export function DateRangeFields({
  idPrefix,
  from,
  to,
  inputClassName = 'input',
}: {
  idPrefix: string;
  from: string;
  to: string;
  inputClassName?: string;
}) {
  return (
    <>
      <div>
        <label htmlFor={`${idPrefix}-from`} className="label">
          De
        </label>
        <input id={`${idPrefix}-from`} name="from" type="date" defaultValue={from} className={inputClassName} />
      </div>
      <div>
        <label htmlFor={`${idPrefix}-to`} className="label">
          Até
        </label>
        <input id={`${idPrefix}-to`} name="to" type="date" defaultValue={to} className={inputClassName} />
      </div>
    </>
  );
}
