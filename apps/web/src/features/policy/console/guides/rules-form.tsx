// The staff console's form for a guide's machine-readable rules (docs/guide-rules.md): 条件组 of
// conditions and the amount rule, edited field by field (never as JSON), with a live preview in
// the portal's words and the problems the server would refuse the save for. No fetching here: the
// page passes the dictionary lookups.
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Checkbox, Descriptions, Flex, InputNumber, Select, Typography } from 'antd';
import type { ReactNode } from 'react';
import {
  RULE_FIELDS,
  describeAmountRule,
  describeCondition,
  ruleProblems,
  type AmountRule,
  type Condition,
  type EligibilityRules,
  type RuleField,
} from '@hqt/contract/policy';
import { GuideConditionGroups } from '@/shared/ui/guide-rules-text';

export type RulesValue = { eligibility: EligibilityRules; amountRule: AmountRule };

export type RulesFormProps = {
  value: RulesValue;
  onChange: (value: RulesValue) => void;
  /** A dictionary code's label, e.g. ('qualification', 'hightech') → 高新技术企业. */
  labelOf: (dict: string, code: string) => string;
  /** A dictionary's items as Select options. */
  options: (dict: string) => { value: string; label: string }[];
};

/** The contract's limits (EligibilityRules, AmountRule). */
export const MAX_GROUPS = 10;
export const MAX_CONDITIONS = 20;
export const MAX_TIERS = 10;

type FieldSpec = (typeof RULE_FIELDS)[RuleField];
type Op = Condition['op'];

const FIELD_KEYS = Object.keys(RULE_FIELDS) as RuleField[];
const NUMBER_KEYS = FIELD_KEYS.filter((k) => RULE_FIELDS[k].kind === 'number');
const fieldLabel = (k: RuleField) => {
  const f = RULE_FIELDS[k];
  return f.unit ? `${f.label}（${f.unit}）` : f.label;
};
const FIELD_OPTIONS = FIELD_KEYS.map((k) => ({ value: k, label: fieldLabel(k) }));
const BASE_OPTIONS = NUMBER_KEYS.map((k) => ({ value: k, label: fieldLabel(k) }));
const NUMBER_OPS: { value: Op; label: string }[] = [
  { value: 'gte', label: '≥' },
  { value: 'lte', label: '≤' },
  { value: 'gt', label: '>' },
  { value: 'lt', label: '<' },
  { value: 'eq', label: '=' },
];
const YEAR_OPTIONS = [
  { value: 'last', label: '上年度' },
  { value: 'current', label: '本年度' },
] as const;
const KIND_OPTIONS: { value: AmountRule['kind']; label: string }[] = [
  { value: 'fixed', label: '固定金额' },
  { value: 'rate', label: '按比例' },
  { value: 'perUnit', label: '按数量' },
  { value: 'tiered', label: '分档' },
  { value: 'none', label: '非资金支持' },
];

const spec = (field: string): FieldSpec | undefined => RULE_FIELDS[field as RuleField] as FieldSpec | undefined;

/** A condition on `field` with the defaults for its kind: ≥ 0 上年度 for numbers, 属于 / 具有 for codes. */
export function defaultCondition(field: RuleField): Condition {
  const f = RULE_FIELDS[field];
  if (f.kind === 'number') return f.yearly ? { field, op: 'gte', value: 0, year: 'last' } : { field, op: 'gte', value: 0 };
  return field === 'qualification' ? { field, op: 'has', value: '' } : { field, op: 'in', value: [] };
}

const NEW_CONDITION_FIELD: RuleField = 'rdExpense';

/** The amount rule of `kind`, keeping what carries over from `prev` (the base, the cap). */
export function defaultAmountRule(kind: AmountRule['kind'], prev: AmountRule): AmountRule {
  const prevBase = 'base' in prev && spec(prev.base)?.kind === 'number' ? prev.base : undefined;
  const cap = 'cap' in prev && prev.cap !== undefined ? { cap: prev.cap } : {};
  switch (kind) {
    case 'fixed':
      return { kind, amount: prev.kind === 'fixed' ? prev.amount : 0 };
    case 'rate':
      return { kind, base: prevBase ?? 'rdExpense', rate: 0, ...cap };
    case 'perUnit':
      return { kind, base: prevBase ?? 'patents', perUnit: 0, ...cap };
    case 'tiered':
      return { kind, base: prevBase ?? 'revenue', tiers: [{ min: 0, amount: 0 }] };
    case 'none':
      return { kind };
  }
}

/** A required number: a cleared box keeps the last number (the box shows it again on blur). */
const num = (set: (n: number) => void) => (v: number | null) => {
  if (typeof v === 'number' && Number.isFinite(v)) set(v);
};
/** 0.1 → 10 without 10.000000000000002. */
const percent = (rate: number) => +(rate * 100).toFixed(6);

function Labeled({ label, children, grow = 1, min = 120 }: { label: string; children: ReactNode; grow?: number; min?: number }) {
  return (
    <Flex vertical gap={2} style={{ flex: `${grow} 1 ${min}px`, minWidth: min }}>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {label}
      </Typography.Text>
      {children}
    </Flex>
  );
}

function ConditionRow({
  where,
  condition: c,
  onChange,
  onRemove,
  options,
}: {
  where: string;
  condition: Condition;
  onChange: (c: Condition) => void;
  onRemove: () => void;
  options: RulesFormProps['options'];
}) {
  const f = spec(c.field);
  const isDict = f?.kind === 'dict';
  const opOptions: { value: Op; label: string }[] = isDict
    ? [{ value: 'in', label: '属于' }, ...(c.field === 'qualification' ? [{ value: 'has' as const, label: '具有' }] : [])]
    : NUMBER_OPS;

  const setOp = (op: Op) => {
    if (!isDict) return onChange({ ...c, op });
    // 属于 takes a list of codes, 具有 one code: carry the choice over.
    const codes = Array.isArray(c.value) ? c.value : typeof c.value === 'string' && c.value ? [c.value] : [];
    onChange({ ...c, op, value: op === 'in' ? codes : (codes[0] ?? '') });
  };

  let valueInput: ReactNode;
  if (f && f.kind === 'dict') {
    const dictOptions = options(f.dict);
    valueInput =
      c.op === 'in' ? (
        <Select
          aria-label="值"
          mode="multiple"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={`选择${f.label}`}
          options={dictOptions}
          value={Array.isArray(c.value) ? c.value : []}
          onChange={(codes: string[]) => onChange({ ...c, value: codes })}
        />
      ) : (
        <Select
          aria-label="值"
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={`选择${f.label}`}
          options={dictOptions}
          value={typeof c.value === 'string' && c.value ? c.value : undefined}
          onChange={(code: string) => onChange({ ...c, value: code })}
        />
      );
  } else {
    valueInput = (
      <InputNumber
        aria-label="值"
        style={{ width: '100%' }}
        suffix={f?.unit || undefined}
        value={typeof c.value === 'number' ? c.value : null}
        onChange={num((value) => onChange({ ...c, value }))}
      />
    );
  }

  return (
    <Flex role="group" aria-label={where} wrap gap={8} align="flex-end">
      <Labeled label="字段" grow={2} min={170}>
        <Select
          aria-label="字段"
          showSearch={{ optionFilterProp: 'label' }}
          options={FIELD_OPTIONS}
          value={c.field}
          onChange={(field: RuleField) => onChange(defaultCondition(field))}
        />
      </Labeled>
      <Labeled label="运算" grow={0} min={84}>
        <Select aria-label="运算" options={opOptions} value={c.op} onChange={setOp} />
      </Labeled>
      <Labeled label="值" grow={2} min={140}>
        {valueInput}
      </Labeled>
      {f?.yearly && (
        <Labeled label="年度" grow={0} min={96}>
          <Select aria-label="年度" placeholder="年度" options={[...YEAR_OPTIONS]} value={c.year} onChange={(year: 'last' | 'current') => onChange({ ...c, year })} />
        </Labeled>
      )}
      <Button aria-label={`删除${where}`} title="删除条件" icon={<DeleteOutlined />} onClick={onRemove} />
    </Flex>
  );
}

function AmountRuleFields({ rule, onChange }: { rule: AmountRule; onChange: (r: AmountRule) => void }) {
  const base = 'base' in rule ? spec(rule.base) : undefined;
  const cap = (r: Extract<AmountRule, { kind: 'rate' | 'perUnit' }>) => (
    <Labeled label="最高金额（选填）" min={140}>
      <InputNumber
        aria-label="最高金额"
        style={{ width: '100%' }}
        min={0}
        suffix="万元"
        placeholder="不设上限"
        value={r.cap ?? null}
        onChange={(v) => {
          // A cleared box: no cap (the key goes, as the schema's optional field expects).
          const next = { ...r };
          if (typeof v === 'number' && Number.isFinite(v)) next.cap = v;
          else delete next.cap;
          onChange(next);
        }}
      />
    </Labeled>
  );
  const baseSelect = 'base' in rule && (
    <Labeled label="计算基数" grow={2} min={170}>
      <Select
        aria-label="计算基数"
        showSearch={{ optionFilterProp: 'label' }}
        options={BASE_OPTIONS}
        value={rule.base}
        onChange={(b: RuleField) => onChange({ ...rule, base: b })}
      />
    </Labeled>
  );

  return (
    <Flex vertical gap={8}>
      <Flex wrap gap={8} align="flex-end">
        <Labeled label="支持方式" min={140}>
          <Select aria-label="支持方式" options={KIND_OPTIONS} value={rule.kind} onChange={(k: AmountRule['kind']) => onChange(defaultAmountRule(k, rule))} />
        </Labeled>
        {rule.kind === 'fixed' && (
          <Labeled label="金额" min={140}>
            <InputNumber aria-label="金额" style={{ width: '100%' }} min={0} suffix="万元" value={rule.amount} onChange={num((amount) => onChange({ ...rule, amount }))} />
          </Labeled>
        )}
        {baseSelect}
        {rule.kind === 'rate' && (
          <>
            <Labeled label="比例" min={110}>
              <InputNumber
                aria-label="比例"
                style={{ width: '100%' }}
                min={0}
                max={100}
                suffix="%"
                value={percent(rule.rate)}
                onChange={num((p) => onChange({ ...rule, rate: Math.min(1, Math.max(0, p / 100)) }))}
              />
            </Labeled>
            {cap(rule)}
          </>
        )}
        {rule.kind === 'perUnit' && (
          <>
            <Labeled label={`每${base?.unit || '单位'}金额`} min={140}>
              <InputNumber aria-label="每单位金额" style={{ width: '100%' }} min={0} suffix="万元" value={rule.perUnit} onChange={num((perUnit) => onChange({ ...rule, perUnit }))} />
            </Labeled>
            {cap(rule)}
          </>
        )}
      </Flex>
      {rule.kind === 'tiered' && (
        <Flex vertical gap={8}>
          {rule.tiers.map((t, i) => {
            const setTier = (tier: { min: number; amount: number }) => onChange({ ...rule, tiers: rule.tiers.map((x, j) => (j === i ? tier : x)) });
            return (
              <Flex key={i} role="group" aria-label={`第 ${i + 1} 档`} wrap gap={8} align="flex-end">
                <Labeled label={`第 ${i + 1} 档门槛`} min={140}>
                  <InputNumber aria-label="门槛" style={{ width: '100%' }} suffix={base?.unit || undefined} value={t.min} onChange={num((min) => setTier({ ...t, min }))} />
                </Labeled>
                <Labeled label="金额" min={140}>
                  <InputNumber aria-label="金额" style={{ width: '100%' }} min={0} suffix="万元" value={t.amount} onChange={num((amount) => setTier({ ...t, amount }))} />
                </Labeled>
                <Button
                  aria-label={`删除第 ${i + 1} 档`}
                  title="删除此档"
                  icon={<DeleteOutlined />}
                  disabled={rule.tiers.length <= 1}
                  onClick={() => onChange({ ...rule, tiers: rule.tiers.filter((_, j) => j !== i) })}
                />
              </Flex>
            );
          })}
          <div>
            <Button
              icon={<PlusOutlined />}
              disabled={rule.tiers.length >= MAX_TIERS}
              onClick={() => {
                const last = rule.tiers[rule.tiers.length - 1];
                onChange({ ...rule, tiers: [...rule.tiers, last ? { min: last.min + 1, amount: last.amount } : { min: 0, amount: 0 }] });
              }}
            >
              添加一档
            </Button>
          </div>
        </Flex>
      )}
    </Flex>
  );
}

/** The preview reads exactly as the portal's guide drawer: the same describe functions and markup. */
function RulesPreview({ value, labelOf, options }: Omit<RulesFormProps, 'onChange'>) {
  const groups = value.eligibility.groups.map((group) => group.map((c) => describeCondition(c, labelOf)));
  const problems = ruleProblems(value.eligibility, value.amountRule, (dict, code) => options(dict).some((o) => o.value === code));
  return (
    <section aria-label="规则预览（门户显示效果）">
      <Card size="small" title="规则预览（门户显示效果）">
        <Flex vertical gap={12}>
          <Descriptions column={1} bordered size="small" styles={{ label: { width: 110, whiteSpace: 'nowrap' } }}>
            <Descriptions.Item label="申报条件">
              <GuideConditionGroups groups={groups} emptyText={value.eligibility.openToAll ? undefined : '未设置（发布前须设置条件组，或勾选「面向所有企业」）'} />
            </Descriptions.Item>
            <Descriptions.Item label="支持标准">{describeAmountRule(value.amountRule)}</Descriptions.Item>
          </Descriptions>
          {problems.length > 0 && (
            <Alert
              type="error"
              showIcon
              title={`规则有 ${problems.length} 处问题，修正后才能保存`}
              description={
                <ul style={{ margin: 0, paddingLeft: 18 }}>
                  {problems.map((p, i) => (
                    <li key={i}>{p}</li>
                  ))}
                </ul>
              }
            />
          )}
        </Flex>
      </Card>
    </section>
  );
}

/** A guide's eligibility (条件组) and amount rule, edited as a form, with the portal's words live. */
export default function RulesForm({ value, onChange, labelOf, options }: RulesFormProps) {
  const { groups } = value.eligibility;
  const setGroups = (next: Condition[][]) => onChange({ ...value, eligibility: { ...value.eligibility, groups: next } });
  const setGroup = (g: number, next: Condition[]) => setGroups(groups.map((grp, j) => (j === g ? next : grp)));

  return (
    <Flex vertical gap={16}>
      <section aria-label="申报条件">
        <Typography.Title level={5} style={{ marginTop: 0 }}>
          申报条件
        </Typography.Title>
        <Typography.Paragraph type="secondary">满足任一条件组即可；组内条件须全部满足。不设条件的指南须勾选「面向所有企业」，否则不能发布。</Typography.Paragraph>
        <Checkbox
          checked={Boolean(value.eligibility.openToAll)}
          onChange={(e) => onChange({ ...value, eligibility: e.target.checked ? { groups: [], openToAll: true } : { groups: [] } })}
          style={{ marginBottom: 8 }}
        >
          面向所有企业（不设条件）
        </Checkbox>
        {!value.eligibility.openToAll && (
          <Flex vertical gap={8}>
            {groups.map((group, g) => (
              <Flex key={g} vertical gap={8}>
                {g > 0 && (
                  <Typography.Text strong style={{ textAlign: 'center' }}>
                    或
                  </Typography.Text>
              )}
              <Card
                size="small"
                role="group"
                aria-label={`条件组 ${g + 1}`}
                title={`条件组 ${g + 1}`}
                extra={
                  <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={`删除条件组 ${g + 1}`} onClick={() => setGroups(groups.filter((_, j) => j !== g))}>
                    删除组
                  </Button>
                }
              >
                <Flex vertical gap={12}>
                  {group.map((c, i) => (
                    <ConditionRow
                      key={i}
                      where={`条件组 ${g + 1} 第 ${i + 1} 项`}
                      condition={c}
                      options={options}
                      onChange={(next) => setGroup(g, group.map((x, j) => (j === i ? next : x)))}
                      onRemove={() => setGroup(g, group.filter((_, j) => j !== i))}
                    />
                  ))}
                  <div>
                    <Button
                      size="small"
                      icon={<PlusOutlined />}
                      disabled={group.length >= MAX_CONDITIONS}
                      onClick={() => setGroup(g, [...group, defaultCondition(NEW_CONDITION_FIELD)])}
                    >
                      添加条件（且）
                    </Button>
                  </div>
                </Flex>
              </Card>
            </Flex>
          ))}
          <div>
            <Button icon={<PlusOutlined />} disabled={groups.length >= MAX_GROUPS} onClick={() => setGroups([...groups, [defaultCondition(NEW_CONDITION_FIELD)]])}>
              添加条件组（或）
            </Button>
          </div>
        </Flex>
        )}
      </section>
      <section aria-label="支持标准">
        <Typography.Title level={5} style={{ marginTop: 0 }}>
          支持标准
        </Typography.Title>
        <AmountRuleFields rule={value.amountRule} onChange={(amountRule) => onChange({ ...value, amountRule })} />
      </section>
      <RulesPreview value={value} labelOf={labelOf} options={options} />
    </Flex>
  );
}
