// The calculator's side in the console (工作人员 and 管理员): the bureau's reverse list, the enterprises
// one guide admits. The enterprise's side is calculator.ts.
import Type from 'typebox';
import { CONSOLE_PREFIX } from './console';
import { PageQuery } from './envelope';

export const CALCULATOR_CONSOLE_PATHS = {
  /** The calculator's reverse list: the enterprises the guide admits (POST, page body). */
  guideQualified: `${CONSOLE_PREFIX}/guides/:id/qualified`,
} as const;

export const QualifiedEnterprise = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  creditCode: Type.String(),
  accountName: Type.String(),
  scaleLabel: Type.String(),
  regionLabel: Type.String(),
  amount: Type.Union([Type.Number(), Type.Null()]),
  amountText: Type.String(),
});
export type QualifiedEnterprise = Type.Static<typeof QualifiedEnterprise>;

export const QualifiedPageQuery = Type.Object({
  ...PageQuery.properties,
  keyword: Type.Optional(Type.String({ title: '关键词', maxLength: 50 })),
});
