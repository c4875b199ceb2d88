// 企业码's steps (ENTCODE_FLOW: 冻结, 解冻, 注销, 换发) on the workflow kit (shared/workflow/step-dialog.tsx),
// which draws what the flow declares: the reason every step requires, and for 注销 and 换发, which
// cannot be undone, the confirmation. Said here only what the flow cannot: the code in the title,
// the enterprise named before what the step does, and that after 换发 the new code opens. After a
// step the server's 「企业码已…」 is shown and every code view refreshes (entcodeConsoleQueries.all()).
import { useNavigate } from 'react-router';
import { ENTCODE_FLOW, ENTCODE_MSG, formatCode } from '@hqt/contract/entcode';
import type { EntcodeDetail, EntcodeStepBody } from '@hqt/contract/entcode-console';
import { StepButtons } from '@/shared/workflow/step-dialog';
import { entcodeConsoleQueries, takeEntcodeStep } from '../api/entcode-console-api';
import { entcodeDetailPath } from './paths';

/** The note's longest (EntcodeStepBody). */
const NOTE_MAX = 500;

/** A button for each step in `code.steps`, in the server's order; each opens its dialog. */
export function EntcodeStepButtons({ code }: { code: EntcodeDetail }) {
  const navigate = useNavigate();
  return (
    <StepButtons
      flow={ENTCODE_FLOW}
      steps={code.steps}
      empty="当前状态下没有可办理的操作"
      title={(label) => `${label}企业码：${formatCode(code.code)}`}
      write={(body: EntcodeStepBody) => takeEntcodeStep(code.id, body)}
      cache={{ detail: entcodeConsoleQueries.detail(code.id).queryKey, answered: (a) => a.detail, service: entcodeConsoleQueries.all() }}
      done={ENTCODE_MSG.stepDone}
      after={({ newCodeId }) => {
        if (newCodeId !== null) void navigate(entcodeDetailPath(newCodeId));
      }}
      noteMax={NOTE_MAX}
      intro={(_, declared) => `${code.enterpriseName}。${declared}`}
      // 冻结 and 注销 stop the code at once: their OK buttons are red too.
      dangerOk
    />
  );
}
