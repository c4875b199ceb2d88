import { MAX_INT } from '@hqt/contract/constants';
import { idInAddress } from './address-id';

test.each([
  ['12', 12],
  [String(MAX_INT), MAX_INT],
  [String(MAX_INT + 1), null],
  ['0', null],
  ['-3', null],
  ['1e3', null],
  [' 5', null],
  ['5.0', null],
  ['new', null],
  ['', null],
  [null, null],
  [undefined, null],
] as const)('%j in the address is the id %j', (raw, id) => {
  expect(idInAddress(raw)).toBe(id);
});
