import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useId } from 'react';

interface EitherOrProps {
  label: string;
  /** The two choices' labels: false picks the first, true the second. */
  options: [string, string];
  value: boolean;
  onChange(second: boolean): void;
}

/** A choice between two ways of doing something, as one row of radio buttons. */
export function EitherOr({ label, options, value, onChange }: EitherOrProps) {
  const labelId = useId();
  return (
    <FormControl>
      <FormLabel id={labelId}>{label}</FormLabel>
      <RadioGroup
        row
        aria-labelledby={labelId}
        value={value ? 'second' : 'first'}
        onChange={(event) => onChange(event.target.value === 'second')}
      >
        <FormControlLabel value="first" control={<Radio />} label={options[0]} />
        <FormControlLabel value="second" control={<Radio />} label={options[1]} />
      </RadioGroup>
    </FormControl>
  );
}
