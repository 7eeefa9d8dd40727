import { doubleBarrelledKind } from '../../src/wording/rules/double-barrelled';
import { kindCases } from './cases';

kindCases(
  doubleBarrelledKind,
  [
    ['Were the changing rooms and the showers clean?', 'the changing rooms and the showers'],
    ['Was the trainer friendly and the class too long?', 'the class'],
    ['How satisfied are you with the price and quality of our lessons?', 'price and quality'],
  ],
  ['Were the changing rooms clean?', 'Was the class long enough?', 'Were the fish and chips hot?'],
);
