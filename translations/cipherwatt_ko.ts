<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ko" sourcelanguage="en">
<context>
    <name>cipherwatt::core::Adb</name>
    <message>
        <source>cannot run adb (%1): install the adb package (packaging/install-deps.sh)</source>
        <translation>adb를 실행할 수 없습니다(%1): adb 패키지를 설치하세요(packaging/install-deps.sh)</translation>
    </message>
    <message>
        <source>adb %1 gave no answer within %2 s</source>
        <translation>adb %1이(가) %2초 안에 응답하지 않았습니다</translation>
    </message>
    <message>
        <source>adb %1 failed (exit status %2): %3</source>
        <translation>adb %1 실패(종료 상태 %2): %3</translation>
    </message>
    <message>
        <source>no Android device is attached (adb devices -l lists none ready): plug it in and allow USB debugging on its screen</source>
        <translation>연결된 Android 기기가 없습니다(adb devices -l에 준비된 기기가 없음): 기기를 연결하고 화면에서 USB 디버깅을 허용하세요</translation>
    </message>
    <message>
        <source>several Android devices are attached (%1): name one as adb:&lt;serial&gt;</source>
        <translation>Android 기기가 여러 대 연결되어 있습니다(%1): adb:&lt;시리얼&gt;로 하나를 지정하세요</translation>
    </message>
    <message>
        <source>Android device %1 is %2, not ready: allow USB debugging on its screen, or plug it in again</source>
        <translation>Android 기기 %1의 상태가 %2(으)로 준비되지 않았습니다: 화면에서 USB 디버깅을 허용하거나 다시 연결하세요</translation>
    </message>
    <message>
        <source>Android device %1 did not tell its ABI (getprop ro.product.cpu.abi)</source>
        <translation>Android 기기 %1이(가) ABI를 알려 주지 않았습니다(getprop ro.product.cpu.abi)</translation>
    </message>
    <message>
        <source>no cipherwatt-bench to push to the device: build it (the static aarch64 worker for an ARM phone, README &quot;Android DUTs&quot;) and name it with --adb-worker</source>
        <translation>기기에 올릴 cipherwatt-bench가 없습니다: 빌드한 뒤(ARM 휴대폰이면 정적 aarch64 워커, README &quot;Android DUTs&quot;) --adb-worker로 지정하세요</translation>
    </message>
    <message>
        <source>Android device %1 has the ABI %2, but %3 is built for %4: push a worker built for %2 (--adb-worker; the preset aarch64-static for arm64-v8a)</source>
        <translation>Android 기기 %1의 ABI는 %2인데 %3은(는) %4용으로 빌드되었습니다: %2용으로 빌드한 워커를 올리세요(--adb-worker, arm64-v8a면 프리셋 aarch64-static)</translation>
    </message>
    <message>
        <source>Android device %1 has the ABI %2, which CipherWatt has no worker for</source>
        <translation>Android 기기 %1의 ABI는 %2이며, CipherWatt에는 이 ABI용 워커가 없습니다</translation>
    </message>
    <message>
        <source>cannot checksum %1 on the device (sha256sum: %2)</source>
        <translation>기기에서 %1의 체크섬을 구할 수 없습니다(sha256sum: %2)</translation>
    </message>
    <message>
        <source>the worker pushed to %1 has SHA-256 %2 on the device, not %3: the copy is removed; plug the device in again and retry</source>
        <translation>%1에 올린 워커의 SHA-256이 기기에서 %3이(가) 아니라 %2입니다: 사본을 지웠습니다. 기기를 다시 연결하고 다시 시도하세요</translation>
    </message>
    <message>
        <source>the worker on the device does not run: %1 --version said &quot;%2&quot; (exit status %3), not cipherwatt-bench %4</source>
        <translation>기기의 워커가 실행되지 않습니다: %1 --version의 출력이 cipherwatt-bench %4이(가) 아니라 &quot;%2&quot;입니다(종료 상태 %3)</translation>
    </message>
    <message>
        <source>worker %1 pushed to %2 (SHA-256 %3, checked on the device)</source>
        <translation>워커 %1을(를) %2에 올렸습니다(SHA-256 %3, 기기에서 확인함)</translation>
    </message>
    <message>
        <source>worker already on the device at %1 (SHA-256 %2, checked on the device)</source>
        <translation>워커가 이미 기기의 %1에 있습니다(SHA-256 %2, 기기에서 확인함)</translation>
    </message>
    <message>
        <source>Android device %1: %2, Android %3 (SDK %4), ABI %5, kernel %6</source>
        <translation>Android 기기 %1: %2, Android %3(SDK %4), ABI %5, 커널 %6</translation>
    </message>
    <message>
        <source>Android device %1 is not rooted (%2): the worker runs unprivileged, so the governor is pinned only where the shell user may write cpufreq (the session records whether it was)</source>
        <translation>Android 기기 %1은(는) 루팅되지 않았습니다(%2): 워커가 권한 없이 실행되므로 shell 사용자가 cpufreq에 쓸 수 있을 때만 거버너가 고정됩니다(고정 여부는 세션에 기록됩니다)</translation>
    </message>
    <message>
        <source>Android device %1 is rooted: the worker pins and restores the governor through su (--governor-helper su)</source>
        <translation>Android 기기 %1은(는) 루팅되어 있습니다: 워커가 su로 거버너를 고정하고 되돌립니다(--governor-helper su)</translation>
    </message>
    <message>
        <source>before the baseline, Android device %1 showed load %2 (1 min) and these wake locks held: %3</source>
        <translation>기준선 전에 Android 기기 %1의 부하는 %2(1분)였고, 다음 웨이크 락이 잡혀 있었습니다: %3</translation>
    </message>
    <message>
        <source>before the baseline, Android device %1 showed load %2 (1 min) and no wake lock held</source>
        <translation>기준선 전에 Android 기기 %1의 부하는 %2(1분)였고, 잡힌 웨이크 락은 없었습니다</translation>
    </message>
    <message>
        <source>cannot start adb shell for the worker: %1</source>
        <translation>워커용 adb shell을 시작할 수 없습니다: %1</translation>
    </message>
    <message>
        <source>the adb link to %1 was lost (%2): was the USB cable unplugged? The worker on the device stops and restores its governor when its input closes</source>
        <translation>%1과(와)의 adb 연결이 끊겼습니다(%2): USB 케이블이 빠졌나요? 기기의 워커는 입력이 닫히면 멈추고 거버너를 되돌립니다</translation>
    </message>
    <message>
        <source>adb shell was killed</source>
        <translation>adb shell이 강제 종료되었습니다</translation>
    </message>
    <message>
        <source>adb shell ended with exit status %1</source>
        <translation>adb shell이 종료 상태 %1(으)로 끝났습니다</translation>
    </message>
</context>
<context>
    <name>cipherwatt::core::Analysis</name>
    <message>
        <source>short run: %1 updates, at least %2 needed</source>
        <translation>짧은 실행: 갱신 %1회, 최소 %2회 필요</translation>
    </message>
    <message>
        <source>no samples inside the run</source>
        <translation>실행 구간 안에 샘플 없음</translation>
    </message>
    <message>
        <source>no baseline</source>
        <translation>기준선 없음</translation>
    </message>
    <message>
        <source>1 update missed</source>
        <translation>갱신 1회 누락</translation>
    </message>
    <message>
        <source>%1 updates missed</source>
        <translation>갱신 %1회 누락</translation>
    </message>
    <message>
        <source>integrator disagrees: %1 Wh from WH, %2 Wh from samples</source>
        <translation>적산값 불일치: WH로 %1 Wh, 샘플로 %2 Wh</translation>
    </message>
    <message>
        <source>no byte count: energy per byte cannot be given</source>
        <translation>바이트 수 없음: 바이트당 에너지를 낼 수 없음</translation>
    </message>
    <message>
        <source>net power not distinguishable from idle</source>
        <translation>순전력이 유휴 전력과 구별되지 않음</translation>
    </message>
    <message>
        <source>1 update over range, implausible or without data</source>
        <translation>범위 초과, 비현실적이거나 데이터가 없는 업데이트 1개</translation>
    </message>
    <message>
        <source>%1 updates over range, implausible or without data</source>
        <translation>범위 초과, 비현실적이거나 데이터가 없는 업데이트 %1개</translation>
    </message>
    <message>
        <source>cycles are not real core cycles (an emulated board)</source>
        <translation>사이클이 실제 코어 사이클이 아님 (에뮬레이션된 보드)</translation>
    </message>
    <message>
        <source>the meter cannot resolve this: the net power (%1 W) is within the error its range alone allows (±%2 W on the %3 W power range); use a lower current range</source>
        <translation>측정기가 이를 분해할 수 없음: 순전력(%1 W)이 레인지만으로 생기는 오차(%3 W 전력 레인지에서 ±%2 W) 안에 있음; 더 낮은 전류 레인지를 쓰세요</translation>
    </message>
    <message>
        <source>measured on auto-range (allowed by the operator): not for publication</source>
        <translation>자동 레인지에서 측정됨 (운영자가 허용): 발표용이 아님</translation>
    </message>
    <message>
        <source>range changed inside the run (%1 to %2): left out of the medians</source>
        <translation>실행 중 레인지가 바뀜 (%1에서 %2로): 중앙값에서 제외됨</translation>
    </message>
    <message>
        <source>over range inside the run (%1 updates): left out of the medians</source>
        <translation>실행 중 범위 초과 (갱신 %1회): 중앙값에서 제외됨</translation>
    </message>
</context>
<context>
    <name>cipherwatt::core::Budget</name>
    <message>
        <source>run mean (type A)</source>
        <translation>실행 평균 (A형)</translation>
    </message>
    <message>
        <source>idle level (type A)</source>
        <translation>유휴 수준 (A형)</translation>
    </message>
    <message>
        <source>idle interpolation (type B)</source>
        <translation>유휴 보간 (B형)</translation>
    </message>
    <message>
        <source>meter, reading term on the net (type B)</source>
        <translation>전력계, 순 값에 대한 판독값 항 (B형)</translation>
    </message>
    <message>
        <source>meter, range term not common (type B)</source>
        <translation>전력계, 공통이 아닌 레인지 항 (B형)</translation>
    </message>
    <message>
        <source>meter at the run&apos;s level (type B)</source>
        <translation>실행 수준에서의 전력계 (B형)</translation>
    </message>
    <message>
        <source>meter at the idle level (type B)</source>
        <translation>유휴 수준에서의 전력계 (B형)</translation>
    </message>
    <message>
        <source>the baseline before the runs</source>
        <translation>실행 전의 기준선</translation>
    </message>
    <message>
        <source>interpolated between the idle windows before and after the run</source>
        <translation>실행 전후의 유휴 구간 사이에서 보간</translation>
    </message>
    <message>
        <source>the idle window before the run (none after it)</source>
        <translation>실행 전의 유휴 구간 (실행 후에는 없음)</translation>
    </message>
    <message>
        <source>the idle window after the run (none before it)</source>
        <translation>실행 후의 유휴 구간 (실행 전에는 없음)</translation>
    </message>
    <message>
        <source>correlated: same fixed range, the range offset cancels in run - idle</source>
        <translation>상관: 같은 고정 레인지이므로 실행 - 유휴에서 레인지 오프셋이 상쇄됨</translation>
    </message>
    <message>
        <source>conservative: each reading&apos;s whole accuracy limit, independently</source>
        <translation>보수적: 각 판독값의 정확도 한계 전체를 독립적으로 적용</translation>
    </message>
</context>
<context>
    <name>cipherwatt::core::Dut</name>
    <message>
        <source>cannot start the worker %1: %2</source>
        <translation>워커 %1을(를) 시작할 수 없음: %2</translation>
    </message>
    <message>
        <source>the worker crashed</source>
        <translation>워커가 비정상 종료됨</translation>
    </message>
    <message>
        <source>the worker exited with code %1</source>
        <translation>워커가 코드 %1로 종료됨</translation>
    </message>
    <message>
        <source>the worker exited</source>
        <translation>워커가 종료됨</translation>
    </message>
    <message>
        <source>cipherwatt-bench was not found beside this program or on PATH</source>
        <translation>이 프로그램 옆이나 PATH에서 cipherwatt-bench를 찾을 수 없음</translation>
    </message>
    <message>
        <source>the worker broke the protocol: %1</source>
        <translation>워커가 프로토콜을 어김: %1</translation>
    </message>
    <message>
        <source>the worker sent a line longer than %1 bytes (the protocol&apos;s limit)</source>
        <translation>워커가 %1바이트(프로토콜 한도)보다 긴 줄을 보냄</translation>
    </message>
    <message>
        <source>DUT &quot;%1&quot;: %2 (use %3)</source>
        <translation>DUT &quot;%1&quot;: %2 (사용할 형식: %3)</translation>
    </message>
    <message>
        <source>This computer</source>
        <translation>이 컴퓨터</translation>
    </message>
    <message>
        <source>The ciphers run here, on the worker beside this program: the meter must power this computer.</source>
        <translation>암호가 여기, 이 프로그램 옆의 워커에서 실행됩니다. 전력계가 이 컴퓨터에 전원을 공급해야 합니다.</translation>
    </message>
    <message>
        <source>SSH host</source>
        <translation>SSH 호스트</translation>
    </message>
    <message>
        <source>Another machine the meter powers, reached over SSH: its worker runs there, found or uploaded (README, &quot;SSH DUTs&quot;).</source>
        <translation>전력계가 전원을 공급하는 다른 기기에 SSH로 접속합니다. 워커는 그곳에서 찾거나 업로드하여 실행합니다 (README, &quot;SSH DUTs&quot;).</translation>
    </message>
    <message>
        <source>User:</source>
        <translation>사용자:</translation>
    </message>
    <message>
        <source>The user name on the DUT.</source>
        <translation>DUT의 사용자 이름.</translation>
    </message>
    <message>
        <source>Host:</source>
        <translation>호스트:</translation>
    </message>
    <message>
        <source>The DUT&apos;s host name or IP address.</source>
        <translation>DUT의 호스트 이름 또는 IP 주소.</translation>
    </message>
    <message>
        <source>Port:</source>
        <translation>포트:</translation>
    </message>
    <message>
        <source>The DUT&apos;s SSH port.</source>
        <translation>DUT의 SSH 포트.</translation>
    </message>
    <message>
        <source>Key file:</source>
        <translation>키 파일:</translation>
    </message>
    <message>
        <source>the private key (default: the SSH agent, then ~/.ssh/id_ed25519, id_ecdsa, id_rsa); a passphrase is asked for</source>
        <translation>개인 키 (기본값: SSH 에이전트, 그다음 ~/.ssh/id_ed25519, id_ecdsa, id_rsa). 암호문은 물어봅니다</translation>
    </message>
    <message>
        <source>also try a password, asked for when needed (never stored, never on the command line)</source>
        <translation>비밀번호도 시도합니다. 필요할 때 물어보며 저장하거나 명령줄에 두지 않습니다</translation>
    </message>
    <message>
        <source>Worker on the DUT:</source>
        <translation>DUT의 워커:</translation>
    </message>
    <message>
        <source>the DUT&apos;s cipherwatt-bench (default: the one on its PATH)</source>
        <translation>DUT의 cipherwatt-bench (기본값: DUT의 PATH에 있는 것)</translation>
    </message>
    <message>
        <source>Worker to upload:</source>
        <translation>업로드할 워커:</translation>
    </message>
    <message>
        <source>the build to upload when the DUT&apos;s is missing or another version (default: the local one, if built for the DUT&apos;s architecture)</source>
        <translation>DUT에 워커가 없거나 버전이 다를 때 업로드할 빌드 (기본값: DUT의 아키텍처용으로 빌드된 경우 로컬 빌드)</translation>
    </message>
    <message>
        <source>Upload the worker when needed</source>
        <translation>필요하면 워커 업로드</translation>
    </message>
    <message>
        <source>never upload a worker</source>
        <translation>워커를 업로드하지 않음</translation>
    </message>
    <message>
        <source>a worker to upload is given, but uploading is off</source>
        <translation>업로드할 워커가 지정되었지만 업로드가 꺼져 있음</translation>
    </message>
    <message>
        <source>%1: no such file: %2</source>
        <translation>%1: 파일 없음: %2</translation>
    </message>
    <message>
        <source>Ask for a password if keys are refused</source>
        <translation>키가 거부되면 비밀번호 묻기</translation>
    </message>
    <message>
        <source>Microcontroller (serial port)</source>
        <translation>마이크로컨트롤러 (시리얼 포트)</translation>
    </message>
    <message>
        <source>A board running the CipherWatt firmware (firmware/), on a serial port: its USB serial port or a USB-UART adapter (README, &quot;Microcontroller DUTs&quot;).</source>
        <translation>CipherWatt 펌웨어(firmware/)를 실행하는 보드, 시리얼 포트로 연결: 보드의 USB 시리얼 포트 또는 USB-UART 어댑터 (README, &quot;Microcontroller DUTs&quot;).</translation>
    </message>
    <message>
        <source>Microcontroller (TCP)</source>
        <translation>마이크로컨트롤러 (TCP)</translation>
    </message>
    <message>
        <source>A board running the CipherWatt firmware whose UART is reached over TCP: the board emulated by qemu-system-arm, or a network UART bridge.</source>
        <translation>UART에 TCP로 접속하는, CipherWatt 펌웨어를 실행하는 보드: qemu-system-arm이 에뮬레이션하는 보드 또는 네트워크 UART 브리지.</translation>
    </message>
    <message>
        <source>Serial port:</source>
        <translation>시리얼 포트:</translation>
    </message>
    <message>
        <source>The board&apos;s serial port, e.g. /dev/ttyACM0.</source>
        <translation>보드의 시리얼 포트, 예: /dev/ttyACM0.</translation>
    </message>
    <message>
        <source>Baud rate:</source>
        <translation>통신 속도(baud):</translation>
    </message>
    <message>
        <source>The firmware&apos;s UART speed (8N1, no flow control; 115200 on every board in firmware/).</source>
        <translation>펌웨어의 UART 속도 (8N1, 흐름 제어 없음; firmware/의 모든 보드에서 115200).</translation>
    </message>
    <message>
        <source>Where the board&apos;s UART listens: 127.0.0.1 for qemu, or the bridge&apos;s address.</source>
        <translation>보드의 UART가 대기하는 곳: qemu는 127.0.0.1, 아니면 브리지의 주소.</translation>
    </message>
    <message>
        <source>The TCP port of the board&apos;s UART (qemu: -serial tcp:127.0.0.1:&lt;port&gt;,server=on).</source>
        <translation>보드 UART의 TCP 포트 (qemu: -serial tcp:127.0.0.1:&lt;port&gt;,server=on).</translation>
    </message>
    <message>
        <source>cannot open %1: %2</source>
        <translation>%1을(를) 열 수 없음: %2</translation>
    </message>
    <message>
        <source>no connection to %1 within %2 s</source>
        <translation>%2초 안에 %1에 연결되지 않음</translation>
    </message>
    <message>
        <source>no answer from the CipherWatt firmware on %1 within %2 s: is the firmware on the board and running?</source>
        <translation>%1의 CipherWatt 펌웨어가 %2초 안에 응답하지 않음: 보드에 펌웨어가 올라가 실행 중인가요?</translation>
    </message>
    <message>
        <source>no answer from the CipherWatt firmware on %1 within %2 s; %3 lines failed their checksum (is %4 baud the firmware&apos;s speed?)</source>
        <translation>%1의 CipherWatt 펌웨어가 %2초 안에 응답하지 않음; %3개 줄이 체크섬 검사에 실패함 (펌웨어의 속도가 %4 baud인가요?)</translation>
    </message>
    <message>
        <source>%1 does not run the CipherWatt firmware (its hello says &quot;%2&quot;)</source>
        <translation>%1은(는) CipherWatt 펌웨어를 실행하지 않음 (hello의 종류: &quot;%2&quot;)</translation>
    </message>
    <message>
        <source>the firmware on %1 refused to start: %2</source>
        <translation>%1의 펌웨어가 시작을 거부함: %2</translation>
    </message>
    <message>
        <source>the firmware on %1 speaks protocol %2, this CipherWatt %3: build both from the same tree</source>
        <translation>%1의 펌웨어는 프로토콜 %2, 이 CipherWatt는 %3을(를) 사용함: 둘 다 같은 소스 트리에서 빌드하세요</translation>
    </message>
    <message>
        <source>the board was still running a run another host started: cancelled</source>
        <translation>보드가 다른 호스트가 시작한 실행을 아직 하고 있었음: 취소함</translation>
    </message>
    <message>
        <source>protocol error: a line from the board failed its check (%1): %2</source>
        <translation>프로토콜 오류: 보드에서 온 줄이 검사에 실패함 (%1): %2</translation>
    </message>
    <message>
        <source>protocol error: the board sent %1</source>
        <translation>프로토콜 오류: 보드가 보낸 내용: %1</translation>
    </message>
    <message>
        <source>protocol error: the board sent a line longer than %1 bytes</source>
        <translation>프로토콜 오류: 보드가 %1바이트보다 긴 줄을 보냄</translation>
    </message>
    <message>
        <source>the board restarted without being asked (a hello without id, up for %1 ms): nothing it was doing is trusted</source>
        <translation>보드가 요청 없이 재시작함 (id 없는 hello, 가동 %1 ms): 하던 작업은 신뢰할 수 없음</translation>
    </message>
    <message>
        <source>the board took a processor fault (%1 at pc %2) and restarts</source>
        <translation>보드에서 프로세서 폴트가 발생하여 (%1, pc %2) 재시작함</translation>
    </message>
    <message>
        <source>the board has been silent for %1 s (it promised word within %2 s): it is gone, stuck or without power</source>
        <translation>보드가 %1초 동안 응답이 없음 (%2초 안에 응답하기로 되어 있음): 연결이 끊겼거나, 멈췄거나, 전원이 없음</translation>
    </message>
    <message>
        <source>the board received a damaged command (%1): the link corrupts bytes</source>
        <translation>보드가 손상된 명령을 받음 (%1): 연결이 바이트를 손상시킴</translation>
    </message>
    <message>
        <source>the command is longer than the board takes (%1 bytes, its max_line); not sent</source>
        <translation>명령이 보드가 받는 길이(%1바이트, max_line)보다 김; 보내지 않음</translation>
    </message>
    <message>
        <source>the connection to the board was closed</source>
        <translation>보드와의 연결을 닫음</translation>
    </message>
    <message>
        <source>the connection to the board ended: %1</source>
        <translation>보드와의 연결이 끊김: %1</translation>
    </message>
    <message>
        <source>%1: a microcontroller runs the CipherWatt firmware, not the worker: %2 does not apply (its ciphers are the firmware&apos;s)</source>
        <translation>%1: 마이크로컨트롤러는 워커가 아니라 CipherWatt 펌웨어를 실행합니다. %2은(는) 적용되지 않습니다 (암호는 펌웨어의 것입니다)</translation>
    </message>
    <message>
        <source>Android device (adb)</source>
        <translation>Android 기기 (adb)</translation>
    </message>
    <message>
        <source>An Android phone or board on USB debugging: the worker (a static build for its ABI) is pushed to /data/local/tmp and runs through adb shell (README, &quot;Android DUTs&quot;). Without a serial, the only device attached.</source>
        <translation>USB 디버깅이 켜진 Android 휴대폰이나 보드: 워커(그 ABI용 정적 빌드)를 /data/local/tmp에 올리고 adb shell로 실행합니다(README, &quot;Android DUTs&quot;). 시리얼이 없으면 연결된 유일한 기기를 씁니다.</translation>
    </message>
    <message>
        <source>Device serial:</source>
        <translation>기기 시리얼:</translation>
    </message>
    <message>
        <source>The serial `adb devices -l` lists; empty for the only device attached.</source>
        <translation>`adb devices -l`이 보여 주는 시리얼. 비워 두면 연결된 유일한 기기를 씁니다.</translation>
    </message>
    <message>
        <source>Worker to push:</source>
        <translation>올릴 워커:</translation>
    </message>
    <message>
        <source>The cipherwatt-bench pushed to the device, built for its ABI (the static aarch64 worker for a 64-bit ARM phone); empty for this computer&apos;s own.</source>
        <translation>기기에 올릴 cipherwatt-bench. 그 ABI용으로 빌드된 것이어야 합니다(64비트 ARM 휴대폰이면 정적 aarch64 워커). 비워 두면 이 컴퓨터의 워커를 씁니다.</translation>
    </message>
    <message>
        <source>adb serial &quot;%1&quot;: use letters, digits and . _ : - only (at most 64), starting with a letter or digit</source>
        <translation>adb 시리얼 &quot;%1&quot;: 문자, 숫자와 . _ : - 만 쓸 수 있고(최대 64자), 문자나 숫자로 시작해야 합니다</translation>
    </message>
    <message>
        <source>%1: plugins are not pushed to an Android device (--plugin %2); measure the built-in ciphers there</source>
        <translation>%1: 플러그인은 Android 기기에 올리지 않습니다(--plugin %2). 그 기기에서는 내장 암호를 측정하세요</translation>
    </message>
</context>
<context>
    <name>cipherwatt::core::Error</name>
    <message>
        <source>usage error</source>
        <translation>사용 오류</translation>
    </message>
    <message>
        <source>not found</source>
        <translation>찾을 수 없음</translation>
    </message>
    <message>
        <source>refused</source>
        <translation>거부됨</translation>
    </message>
    <message>
        <source>storage error</source>
        <translation>저장소 오류</translation>
    </message>
    <message>
        <source>I/O error</source>
        <translation>입출력 오류</translation>
    </message>
    <message>
        <source>meter error</source>
        <translation>전력계 오류</translation>
    </message>
    <message>
        <source>DUT error</source>
        <translation>DUT 오류</translation>
    </message>
    <message>
        <source>protocol error</source>
        <translation>프로토콜 오류</translation>
    </message>
    <message>
        <source>unsupported</source>
        <translation>지원하지 않음</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>취소됨</translation>
    </message>
</context>
<context>
    <name>cipherwatt::core::Phase</name>
    <message>
        <source>connecting</source>
        <translation>연결 중</translation>
    </message>
    <message>
        <source>self-test</source>
        <translation>자가시험</translation>
    </message>
    <message>
        <source>prepared</source>
        <translation>준비됨</translation>
    </message>
    <message>
        <source>governor performance</source>
        <translation>거버너 performance</translation>
    </message>
    <message>
        <source>pilot runs</source>
        <translation>예비 실행</translation>
    </message>
    <message>
        <source>idle baseline</source>
        <translation>유휴 기준선</translation>
    </message>
    <message>
        <source>settle</source>
        <translation>안정화</translation>
    </message>
    <message>
        <source>idle again</source>
        <translation>다시 유휴</translation>
    </message>
    <message>
        <source>governor restore</source>
        <translation>거버너 복원</translation>
    </message>
    <message>
        <source>checking the plan</source>
        <translation>계획 확인 중</translation>
    </message>
    <message>
        <source>idle window</source>
        <translation>유휴 구간</translation>
    </message>
    <message>
        <source>waiting for stable idle power</source>
        <translation>유휴 전력 안정 대기</translation>
    </message>
    <message>
        <source>pinning the CPU at %1</source>
        <translation>CPU를 %1에 고정하는 중</translation>
    </message>
    <message>
        <source>idle at %1</source>
        <translation>%1에서 유휴</translation>
    </message>
    <message>
        <source>pinning the governor %1</source>
        <translation>거버너 %1 고정 중</translation>
    </message>
    <message>
        <source>idle under the governor %1</source>
        <translation>거버너 %1에서 유휴</translation>
    </message>
</context>
<context>
    <name>cipherwatt::core::Plan</name>
    <message>
        <source>--plan: %1</source>
        <extracomment>The plan option of cipherwatt-cli; the window shows the plan as &quot;Ciphers&quot;.</extracomment>
        <translation>측정 계획: %1</translation>
    </message>
    <message>
        <source>&apos;%1&apos;: write cmd:&lt;label&gt;[:&lt;bytes&gt;]=&lt;program&gt; &lt;arguments&gt;</source>
        <translation>&apos;%1&apos;: cmd:&lt;label&gt;[:&lt;bytes&gt;]=&lt;program&gt; &lt;arguments&gt; 형식이어야 함</translation>
    </message>
    <message>
        <source>&apos;%1&apos;: the label must be 1 to 64 letters, digits, &apos;.&apos;, &apos;_&apos; or &apos;-&apos;</source>
        <translation>&apos;%1&apos;: 레이블은 영문자, 숫자, &apos;.&apos;, &apos;_&apos;, &apos;-&apos;로 된 1~64자여야 함</translation>
    </message>
    <message>
        <source>&apos;%1&apos;: the bytes must be a positive whole number</source>
        <translation>&apos;%1&apos;: 바이트 수는 양의 정수여야 함</translation>
    </message>
    <message>
        <source>&apos;%1&apos;: no program to run</source>
        <translation>&apos;%1&apos;: 실행할 프로그램 없음</translation>
    </message>
    <message>
        <source>empty; give e.g. aes-128-xts/openssl:encrypt,chacha20</source>
        <translation>비어 있음. 예: aes-128-xts/openssl:encrypt,chacha20</translation>
    </message>
    <message>
        <source>two commands are labelled &apos;%1&apos;</source>
        <translation>두 명령의 레이블이 모두 &apos;%1&apos;임</translation>
    </message>
    <message>
        <source>&apos;%1&apos;: an empty operation</source>
        <translation>&apos;%1&apos;: 빈 연산</translation>
    </message>
    <message>
        <source> (no plugin &apos;%1&apos; is loaded on this DUT)</source>
        <translation> (이 DUT에 &apos;%1&apos; 플러그인이 로드되지 않음)</translation>
    </message>
    <message>
        <source>unknown cipher &apos;%1&apos;%2; valid ids: %3</source>
        <translation>알 수 없는 암호 &apos;%1&apos;%2. 유효한 ID: %3</translation>
    </message>
    <message>
        <source>%1 has no backend on this DUT</source>
        <translation>이 DUT에 %1의 백엔드 없음</translation>
    </message>
    <message>
        <source>%1 has no backend &apos;%2&apos; on this DUT (it has %3)</source>
        <translation>이 DUT에 %1의 &apos;%2&apos; 백엔드 없음 (있는 백엔드: %3)</translation>
    </message>
    <message>
        <source>%1 has no operation &apos;%2&apos; (it has %3)</source>
        <translation>%1에 &apos;%2&apos; 연산 없음 (있는 연산: %3)</translation>
    </message>
    <message>
        <source>unclosed %1 in &quot;%2&quot;</source>
        <translation>&quot;%2&quot;에 닫히지 않은 %1</translation>
    </message>
    <message>
        <source>--order: &apos;%1&apos;; give interleaved, sequential, random or random:&lt;seed&gt;</source>
        <translation>--order: &apos;%1&apos;; interleaved, sequential, random 또는 random:&lt;시드&gt; 중 하나를 지정하십시오</translation>
    </message>
    <message>
        <source>--order: the seed &apos;%1&apos; must be a whole number from 0 to %2</source>
        <translation>--order: 시드 &apos;%1&apos;은(는) 0에서 %2 사이의 정수여야 합니다</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a level of %2 (%3)</source>
        <translation>&apos;%1&apos;은(는) %2의 수준이 아닙니다(%3)</translation>
    </message>
    <message>
        <source>the level %1 of %2 is given twice</source>
        <translation>%2의 수준 %1이(가) 두 번 주어졌습니다</translation>
    </message>
    <message>
        <source>&apos;%1&apos;: give isa=&lt;levels&gt;, freq=&lt;frequencies&gt;, governor=&lt;governors&gt;, chunking=&lt;message,stream&gt; or payload=&lt;payloads&gt; (buffer sizes: --buffer)</source>
        <translation>&apos;%1&apos;: isa=&lt;수준&gt;, freq=&lt;주파수&gt;, governor=&lt;거버너&gt;, chunking=&lt;message,stream&gt; 또는 payload=&lt;페이로드&gt;를 주십시오 (버퍼 크기: --buffer)</translation>
    </message>
    <message>
        <source>vary either freq or governor, not both: a frequency level pins the CPU at one frequency, where every governor runs the same</source>
        <translation>freq와 governor 중 하나만 바꾸십시오: 주파수 수준은 CPU를 한 주파수에 고정하므로 모든 거버너가 똑같이 동작합니다</translation>
    </message>
    <message>
        <source>chunking=stream: %1 cannot continue a key stream (only stream ciphers and CTR in a built-in backend); add the level message</source>
        <translation>chunking=stream: %1은(는) 키 스트림을 이어 갈 수 없습니다 (내장 백엔드의 스트림 암호와 CTR만 가능); message 수준을 추가하십시오</translation>
    </message>
</context>
<context>
    <name>cipherwatt::core::PowerSource</name>
    <message>
        <source>RAPL zone on the DUT</source>
        <translation>DUT의 RAPL 영역</translation>
    </message>
    <message>
        <source>The DUT&apos;s RAPL energy counter (Intel, AMD since Linux 5.8) read by its worker every 0.1 s: the CPU package or the platform (psys), not the wall. Its maker specifies no accuracy: intervals are statistical only. Root-only on current kernels: read through sudo or pkexec.</source>
        <translation>워커가 0.1초마다 읽는 DUT의 RAPL 에너지 카운터(Intel, Linux 5.8부터 AMD): 벽면 전력이 아니라 CPU 패키지 또는 플랫폼(psys)의 값입니다. 제조사가 정확도를 명시하지 않으므로 구간은 통계적 부분만 포함합니다. 최신 커널에서는 root만 읽을 수 있어 sudo 또는 pkexec를 거쳐 읽습니다.</translation>
    </message>
    <message>
        <source>Zone:</source>
        <translation>영역:</translation>
    </message>
    <message>
        <source>package-0, psys, or a subzone such as package-0/core (cipherwatt-bench sources lists them)</source>
        <translation>package-0, psys 또는 package-0/core 같은 하위 영역 (cipherwatt-bench sources가 목록을 보여 줌)</translation>
    </message>
    <message>
        <source>Battery of the DUT</source>
        <translation>DUT의 배터리</translation>
    </message>
    <message>
        <source>The DUT&apos;s fuel gauge, read by its worker: the whole machine on battery, refreshed every few seconds (runs are lengthened to match). It must be discharging. Its maker specifies no accuracy: intervals are statistical only.</source>
        <translation>워커가 읽는 DUT의 배터리 잔량계: 배터리로 동작하는 기기 전체의 전력이며 몇 초마다 갱신됩니다(실행 길이를 그에 맞게 늘림). 방전 중이어야 합니다. 제조사가 정확도를 명시하지 않으므로 구간은 통계적 부분만 포함합니다.</translation>
    </message>
    <message>
        <source>Battery:</source>
        <translation>배터리:</translation>
    </message>
    <message>
        <source>BAT0; empty: the DUT&apos;s only battery</source>
        <translation>BAT0. 비우면 DUT의 유일한 배터리</translation>
    </message>
    <message>
        <source>hwmon sensor on the DUT</source>
        <translation>DUT의 hwmon 센서</translation>
    </message>
    <message>
        <source>A power, or current and voltage, input of the DUT&apos;s hwmon (INA219, INA226, INA3221 boards, Jetson modules, USB-C PD controllers), read by its worker every 0.1 s. Its maker specifies no accuracy here: intervals are statistical only.</source>
        <translation>워커가 0.1초마다 읽는 DUT hwmon의 전력 입력 또는 전류·전압 입력(INA219, INA226, INA3221 보드, Jetson 모듈, USB-C PD 컨트롤러). 여기서는 제조사가 정확도를 명시하지 않으므로 구간은 통계적 부분만 포함합니다.</translation>
    </message>
    <message>
        <source>Sensor/label:</source>
        <translation>센서/레이블:</translation>
    </message>
    <message>
        <source>The sensor&apos;s name and the input&apos;s label, e.g. ina3221/VDD_IN</source>
        <translation>센서 이름과 입력 레이블, 예: ina3221/VDD_IN</translation>
    </message>
</context>
<context>
    <name>cipherwatt::core::RangeAdvisor</name>
    <message>
        <source>no range of the %1 holds %2 = %3 with headroom (the largest is %4)</source>
        <translation>%1의 어떤 레인지도 여유를 두고 %2 = %3을(를) 담지 못함 (가장 큰 레인지: %4)</translation>
    </message>
    <message>
        <source>%1 updates were over range while the load was probed: probe on auto-range (--voltage-range auto --current-range auto) or on larger ranges</source>
        <translation>부하를 살피는 동안 갱신 %1회가 범위를 초과함: 자동 레인지(--voltage-range auto --current-range auto)나 더 큰 레인지로 살피세요</translation>
    </message>
    <message>
        <source>--ranges auto-fix takes the load from the pilot runs: leave out --iterations and --seconds (automatic run lengths)</source>
        <translation>--ranges auto-fix는 예비 실행에서 부하를 얻음: --iterations와 --seconds를 빼세요 (자동 실행 길이)</translation>
    </message>
    <message>
        <source>no valid voltage and current readings to advise ranges from</source>
        <translation>레인지를 권할 유효한 전압·전류 측정값이 없음</translation>
    </message>
    <message>
        <source>%1 V × %2 A (power range %3 W): the meter&apos;s limit ±%4 W at %5 W, of which the range term ±%6 W (±%7 W of it does not cancel in the net power on fixed ranges)</source>
        <translation>%1 V × %2 A (전력 레인지 %3 W): %5 W에서 계측기 한계 ±%4 W, 그중 레인지 항 ±%6 W (고정 레인지에서 순전력에서 상쇄되지 않는 부분 ±%7 W)</translation>
    </message>
</context>
<context>
    <name>cipherwatt::core::Repeats</name>
    <message>
        <source>significant</source>
        <translation>유의함</translation>
    </message>
    <message>
        <source>not significant</source>
        <translation>유의하지 않음</translation>
    </message>
</context>
<context>
    <name>cipherwatt::core::Results</name>
    <message>
        <source>run %1: %2</source>
        <translation>실행 %1: %2</translation>
    </message>
    <message>
        <source>run %1: %2 (%3)</source>
        <translation>실행 %1: %2 (%3)</translation>
    </message>
    <message>
        <source>planned</source>
        <translation>계획됨</translation>
    </message>
    <message>
        <source>running</source>
        <translation>실행 중</translation>
    </message>
    <message>
        <source>done</source>
        <translation>완료</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>실패</translation>
    </message>
    <message>
        <source>skipped</source>
        <translation>건너뜀</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>취소됨</translation>
    </message>
    <message>
        <source>interrupted</source>
        <translation>중단됨</translation>
    </message>
</context>
<context>
    <name>cipherwatt::core::SessionRunner</name>
    <message>
        <source>storage: %1</source>
        <translation>저장소: %1</translation>
    </message>
    <message>
        <source>the meter reports %1</source>
        <translation>전력계 보고: %1</translation>
    </message>
    <message>
        <source>element %1: the %2 has elements %3</source>
        <translation>엘리먼트 %1: %2에는 엘리먼트 %3만 있음</translation>
    </message>
    <message>
        <source>the meter is SIMULATED: %1</source>
        <translation>전력계가 모의 장치임: %1</translation>
    </message>
    <message>
        <source>meter: %1</source>
        <translation>전력계: %1</translation>
    </message>
    <message>
        <source>DUT %1: %2</source>
        <translation>DUT %1: %2</translation>
    </message>
    <message>
        <source>DUT: %1</source>
        <translation>DUT: %1</translation>
    </message>
    <message>
        <source>a new worker took over</source>
        <translation>새 워커가 이어받음</translation>
    </message>
    <message>
        <source>DUT %1: its cipherwatt-bench is version %2, this CipherWatt is %3; results from different versions are not comparable</source>
        <translation>DUT %1: cipherwatt-bench 버전은 %2, 이 CipherWatt는 %3. 버전이 다르면 결과를 비교할 수 없음</translation>
    </message>
    <message>
        <source>DUT: an earlier worker (pid %1) was still running there and was stopped first</source>
        <translation>DUT: 이전 워커(pid %1)가 아직 실행 중이어서 먼저 중지함</translation>
    </message>
    <message>
        <source>governor pinning failed: %1</source>
        <translation>거버너 고정 실패: %1</translation>
    </message>
    <message>
        <source>governor restore failed: %1</source>
        <translation>거버너 복원 실패: %1</translation>
    </message>
    <message>
        <source>the DUT&apos;s worker restored a governor left pinned by an earlier session</source>
        <translation>DUT의 워커가 이전 세션이 고정한 채 남긴 거버너를 복원함</translation>
    </message>
    <message>
        <source>%1 failed its known-answer self-test on the DUT and will not be measured</source>
        <translation>%1: DUT에서 기지 답 자가시험에 실패하여 측정하지 않음</translation>
    </message>
    <message>
        <source>no planned cipher passed its known-answer self-test on the DUT (%1)</source>
        <translation>계획된 암호 중 DUT에서 기지 답 자가시험을 통과한 것이 없음 (%1)</translation>
    </message>
    <message>
        <source>failed its known-answer self-test on the DUT</source>
        <translation>DUT에서 기지 답 자가시험 실패</translation>
    </message>
    <message>
        <source>not requested (governor: none)</source>
        <translation>요청하지 않음 (거버너: none)</translation>
    </message>
    <message>
        <source>the CPU governor is not pinned: frequencies may change during the runs</source>
        <translation>CPU 거버너가 고정되지 않음: 실행 중에 주파수가 바뀔 수 있음</translation>
    </message>
    <message>
        <source>governor: %1</source>
        <translation>거버너: %1</translation>
    </message>
    <message>
        <source>the baseline has no valid meter update</source>
        <translation>기준선에 유효한 전력계 갱신이 없음</translation>
    </message>
    <message>
        <source>the idle baseline drifts by %1 W over %2 s</source>
        <translation>유휴 기준선이 %2 s 동안 %1 W 드리프트함</translation>
    </message>
    <message>
        <source>%1: pilot %2 iterations in %3 s; runs get %4 iterations (%5 s)</source>
        <translation>%1: 예비 실행 %3 s 동안 %2회 반복. 본 실행은 %4회 반복 (%5 s)</translation>
    </message>
    <message>
        <source>the program failed (%1)</source>
        <translation>프로그램 실패 (%1)</translation>
    </message>
    <message>
        <source>%1 failed: %2</source>
        <translation>%1 실패: %2</translation>
    </message>
    <message>
        <source>the idle baseline drifts</source>
        <translation>유휴 기준선 드리프트</translation>
    </message>
    <message>
        <source>cancelled by the operator</source>
        <translation>측정자가 취소함</translation>
    </message>
    <message>
        <source>cancelling: the current step ends, then the governor is restored</source>
        <translation>취소 중: 현재 단계가 끝나면 거버너를 복원함</translation>
    </message>
    <message>
        <source>cancelled by the operator before the session started</source>
        <translation>세션 시작 전에 측정자가 취소함</translation>
    </message>
    <message>
        <source>meter %1: %2</source>
        <translation>전력계 %1: %2</translation>
    </message>
    <message>
        <source>the worker ended during the run: %1</source>
        <translation>실행 중에 워커가 종료됨: %1</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <extracomment>A flag of one run in the session&apos;s list: the run, then the flag.</extracomment>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>the plan&apos;s run %1 (%2) cannot run on the DUT, so nothing was measured: %3</source>
        <translation>계획의 실행 %1 (%2)은(는) DUT에서 실행할 수 없으므로 아무것도 측정하지 않았습니다: %3</translation>
    </message>
    <message>
        <source>%1 runs of the plan are refused; %2</source>
        <translation>계획의 실행 %1개가 거부되었습니다; %2</translation>
    </message>
    <message>
        <source>the worker answered the plan check for %1 runs, not %2</source>
        <translation>워커가 계획 확인에 %2개가 아닌 %1개 실행에 대해 응답했습니다</translation>
    </message>
    <message>
        <source>DUT %1: the worker sent nothing for %2 s (the watchdog&apos;s limit is %3 s; --watchdog): declared lost</source>
        <translation>DUT %1: 워커가 %2초 동안 아무것도 보내지 않아 (감시 한도 %3초; --watchdog) 잃은 것으로 판정했습니다</translation>
    </message>
    <message>
        <source>starting a new worker to put the governor back</source>
        <translation>거버너를 되돌리기 위해 새 워커를 시작합니다</translation>
    </message>
    <message>
        <source>the new worker did not put the governor back within %1 s</source>
        <translation>새 워커가 %1초 안에 거버너를 되돌리지 못했습니다</translation>
    </message>
    <message>
        <source>terminated by %1</source>
        <translation>%1에 의해 종료됨</translation>
    </message>
    <message>
        <source>stopped at once by the operator (a second interrupt)</source>
        <translation>운영자가 즉시 중지함 (두 번째 인터럽트)</translation>
    </message>
    <message>
        <source>%1, then stopped at once</source>
        <translation>%1, 그다음 즉시 중지됨</translation>
    </message>
    <message>
        <source>no run was measured: every planned run failed or was skipped</source>
        <translation>측정된 실행이 없습니다: 계획된 모든 실행이 실패했거나 건너뛰었습니다</translation>
    </message>
    <message>
        <source>%1 during this run; a new worker went on with the session</source>
        <translation>이 실행 중 %1; 새 워커가 세션을 이어 갔습니다</translation>
    </message>
    <message>
        <source>a microcontroller has no CPU governor (it runs at its own fixed clock)</source>
        <translation>마이크로컨트롤러에는 CPU 거버너가 없음 (고정된 자체 클록으로 동작)</translation>
    </message>
    <message>
        <source>the governor is not pinned: a microcontroller has none (it runs at its own fixed clock)</source>
        <translation>거버너를 고정하지 않음: 마이크로컨트롤러에는 거버너가 없음 (고정된 자체 클록으로 동작)</translation>
    </message>
    <message>
        <source>the DUT was not idle in the baseline: other activity kept %1 cores busy on average (%2 % of its %3 cores); it adds to the baseline and to every run alike, and can make a run indistinguishable from idle</source>
        <translation>기준선 동안 DUT가 유휴 상태가 아니었음: 다른 작업이 평균 %1개 코어를 사용함(코어 %3개 중 %2 %); 이는 기준선과 모든 실행에 똑같이 더해지며, 실행을 유휴 상태와 구별할 수 없게 만들 수 있음</translation>
    </message>
    <message>
        <source>other activity on the DUT changed from %1 cores busy in the baseline to %2 in this run: the difference is in the net power as if the run had caused it</source>
        <translation>DUT의 다른 작업이 기준선의 %1개 코어에서 이 실행의 %2개 코어로 바뀜: 그 차이가 실행 때문인 것처럼 순전력에 들어감</translation>
    </message>
    <message>
        <source>the DUT&apos;s cores were saturated in this run (other activity %1 and the worker %2 cores busy of %3): the worker took its time from the other work, so the net power understates the run</source>
        <translation>이 실행에서 DUT의 코어가 포화됨(코어 %3개 중 다른 작업 %1개, 워커 %2개 사용): 워커가 다른 작업의 시간을 가져갔으므로 순전력이 실행을 과소평가함</translation>
    </message>
    <message>
        <source>the DUT&apos;s other activity could not be measured: %1</source>
        <translation>DUT의 다른 작업을 측정할 수 없음: %1</translation>
    </message>
    <message>
        <source>Waiting for the DUT to be quiet (at most %1 s)</source>
        <translation>DUT가 조용해지기를 기다리는 중(최대 %1초)</translation>
    </message>
    <message>
        <source>the DUT was quiet after %1 s (other activity %2 cores busy, below %3)</source>
        <translation>%1초 후 DUT가 조용해짐(다른 작업 %2개 코어 사용, %3 미만)</translation>
    </message>
    <message>
        <source>the DUT did not become quiet in %1 s (other activity %2 cores busy, threshold %3): measuring anyway</source>
        <translation>%1초 안에 DUT가 조용해지지 않음(다른 작업 %2개 코어 사용, 임계값 %3): 그대로 측정함</translation>
    </message>
    <message>
        <source>waiting for a quiet DUT needs a worker of protocol 3 or later on a Linux DUT: not waited</source>
        <translation>조용한 DUT를 기다리려면 Linux DUT에 프로토콜 3 이상의 워커가 필요함: 기다리지 않음</translation>
    </message>
    <message>
        <source>%1: other activity %2 cores busy (%3 % of %4), worker %5 cores</source>
        <translation>%1: 다른 작업 %2개 코어 사용(%4개 중 %3 %), 워커 %5개 코어</translation>
    </message>
    <message>
        <source>the meter is on auto-range (%1), which makes results unfit for publication: fix the ranges with --voltage-range and --current-range or --ranges auto-fix, or accept flagged results with --allow-auto-range</source>
        <translation>전력계가 자동 레인지(%1)여서 결과를 발표에 쓸 수 없음: --voltage-range와 --current-range 또는 --ranges auto-fix로 레인지를 고정하거나, --allow-auto-range로 표시된 결과를 받아들이세요</translation>
    </message>
    <message>
        <source>the meter is on auto-range (%1) as the operator allowed: every result is flagged</source>
        <translation>운영자가 허용한 대로 전력계가 자동 레인지(%1)임: 모든 결과에 표시가 붙음</translation>
    </message>
    <message>
        <source>range advisor: %1 (largest U %2 V rms, %3 V peak; I %4 A rms, %5 A peak)</source>
        <translation>레인지 권고: %1 (최대 U %2 V rms, 피크 %3 V; I %4 A rms, 피크 %5 A)</translation>
    </message>
    <message>
        <source>range advisor: %1</source>
        <translation>레인지 권고: %1</translation>
    </message>
    <message>
        <source>range advisor: or %1</source>
        <translation>레인지 권고: 또는 %1</translation>
    </message>
    <message>
        <source>ranges fixed at %1 V and %2 A (--ranges auto-fix)</source>
        <translation>레인지를 %1 V와 %2 A로 고정함 (--ranges auto-fix)</translation>
    </message>
    <message>
        <source>the measuring program itself kept %1 cores busy in the baseline and %2 in this run: at this run&apos;s %3 W per busy core, up to %4 W of its net power, more than a third of its standard uncertainty (%5 W)</source>
        <translation>측정 프로그램 자체가 기준선에서 %1 코어, 이 실행에서 %2 코어를 사용했습니다: 이 실행의 바쁜 코어당 %3 W로 보면 순전력의 최대 %4 W로, 표준 불확도(%5 W)의 3분의 1을 넘습니다</translation>
    </message>
    <message>
        <source>the measuring program itself: %1 cores busy in the baseline, %2 to %3 in the runs</source>
        <translation>측정 프로그램 자체: 기준선에서 %1 코어 사용, 실행에서 %2 ~ %3 코어</translation>
    </message>
    <message>
        <source>Waiting for the idle power to be stable (at most %1 s)</source>
        <translation>유휴 전력이 안정될 때까지 대기 중 (최대 %1 s)</translation>
    </message>
    <message>
        <source>the idle power was stable after %1 s: it moved %2 W over the last %3 s (least-squares slope), within %4 W (%5 % of its mean %6 W)</source>
        <translation>%1 s 후 유휴 전력이 안정되었습니다: 최근 %3 s 동안 %2 W 변화 (최소제곱 기울기), %4 W 이내 (평균 %6 W의 %5 %)</translation>
    </message>
    <message>
        <source>the idle power was not stable after %1 s: it moved %2 W over the last %3 s (least-squares slope), beyond %4 W (%5 % of its mean %6 W); measuring anyway</source>
        <translation>%1 s 후에도 유휴 전력이 안정되지 않았습니다: 최근 %3 s 동안 %2 W 변화 (최소제곱 기울기), %4 W 초과 (평균 %6 W의 %5 %); 그대로 측정합니다</translation>
    </message>
    <message>
        <source>measured at the worker&apos;s level %1, not %2 (a worker older than per-run levels: install this version&apos;s on the DUT)</source>
        <translation>%2가 아니라 워커의 수준 %1에서 측정됨(실행별 수준보다 오래된 워커: 이 버전의 워커를 DUT에 설치하십시오)</translation>
    </message>
    <message>
        <source>CPU pinned at %1 (read back); idle at it for %2 s before its runs</source>
        <translation>CPU를 %1에 고정함(다시 읽어 확인); 해당 실행 전에 이 주파수에서 %2초 동안 유휴</translation>
    </message>
    <message>
        <source>the DUT refused the frequency level %1, whose runs are skipped: %2</source>
        <translation>DUT가 주파수 수준 %1을(를) 거부하여 해당 실행을 건너뜁니다: %2</translation>
    </message>
    <message>
        <source>the worker read back %1 after the loop, not its level %2</source>
        <translation>워커가 루프 후 다시 읽은 값은 %1이며, 실행의 수준 %2이(가) 아닙니다</translation>
    </message>
    <message>
        <source>the worker did not read the frequency back (a worker older than frequency levels: install this version&apos;s on the DUT)</source>
        <translation>워커가 주파수를 다시 읽지 않았습니다(주파수 수준보다 오래된 워커: 이 버전의 워커를 DUT에 설치하십시오)</translation>
    </message>
    <message>
        <source>the worker encrypted the payload %1, not %2 (a worker older than payloads: install this version&apos;s on the DUT)</source>
        <translation>워커가 %2이(가) 아닌 페이로드 %1을(를) 암호화했습니다 (페이로드를 모르는 이전 워커: 이 버전의 워커를 DUT에 설치하십시오)</translation>
    </message>
    <message>
        <source>CPU governor %1 pinned (read back); idle under it for %2 s before its runs</source>
        <translation>CPU 거버너 %1 고정됨 (다시 읽음); 실행 전에 %2초 동안 이 거버너에서 유휴</translation>
    </message>
    <message>
        <source>the DUT refused the governor level %1, whose runs are skipped: %2</source>
        <translation>DUT가 거버너 수준 %1을(를) 거부하여 그 실행을 건너뜁니다: %2</translation>
    </message>
    <message>
        <source>the worker read back the governor %1 after the loop, not its level %2</source>
        <translation>워커가 루프 뒤에 다시 읽은 거버너는 수준 %2이(가) 아니라 %1입니다</translation>
    </message>
    <message>
        <source>the worker did not read the governor back (a worker older than governor levels: install this version&apos;s on the DUT)</source>
        <translation>워커가 거버너를 다시 읽지 않았습니다 (거버너 수준보다 오래된 워커: 이 버전의 워커를 DUT에 설치하십시오)</translation>
    </message>
    <message>
        <source>the worker measured the chunking %1, not its level %2</source>
        <translation>워커가 측정한 청킹은 수준 %2이(가) 아니라 %1입니다</translation>
    </message>
    <message>
        <source>power sources on the DUT need a worker of protocol 4; the DUT&apos;s speaks %1 (update cipherwatt-bench on the DUT)</source>
        <translation>DUT의 전력 소스에는 프로토콜 4의 워커가 필요합니다. DUT의 워커는 %1을(를) 사용합니다(DUT의 cipherwatt-bench를 업데이트하십시오)</translation>
    </message>
    <message>
        <source>a microcontroller has no power sources of its own to read (%1): measure it with the meter alone</source>
        <translation>마이크로컨트롤러에는 읽을 자체 전력 소스가 없습니다(%1): 계측기만으로 측정하십시오</translation>
    </message>
    <message>
        <source>power source %1: %2</source>
        <translation>전력 소스 %1: %2</translation>
    </message>
    <message>
        <source>power source %1 stopped: %2; its figures end there</source>
        <translation>전력 소스 %1 중지됨: %2. 그 수치는 거기서 끝납니다</translation>
    </message>
    <message>
        <source>power source %1 (%2, %3) read every %4 s beside the meter; its maker does not specify its accuracy</source>
        <translation>전력 소스 %1(%2, %3)을(를) 계측기와 함께 %4초마다 읽습니다. 제조사는 정확도를 명시하지 않습니다</translation>
    </message>
    <message>
        <source>runs lengthened to %1 s: power source %2 gives a reading every %3 s, and each run needs %4 of them</source>
        <translation>실행을 %1초로 늘렸습니다: 전력 소스 %2은(는) %3초마다 값을 하나 주며, 실행마다 %4개가 필요합니다</translation>
    </message>
    <message>
        <source>runs of %1 s are too short for power source %2, which gives a reading every %3 s: each run needs %4 of them (%5 s); its figures will be flagged short</source>
        <translation>%1초 실행은 %3초마다 값을 하나 주는 전력 소스 %2에 너무 짧습니다: 실행마다 %4개(%5초)가 필요합니다. 그 수치는 짧은 실행으로 표시됩니다</translation>
    </message>
    <message>
        <source>the meter is power source %1 on the DUT (%2, %3), read every %4 s: not a calibrated instrument; its maker does not specify its accuracy, so every interval is the statistical part only</source>
        <translation>전력계는 DUT의 전력 소스 %1 (%2, %3)이며 %4초마다 읽음: 교정된 계측기가 아니고 제조사가 정확도를 명시하지 않으므로 모든 구간은 통계적 부분만 포함함</translation>
    </message>
    <message>
        <source>%1: a power source on the DUT has no ranges to set (--voltage-range, --current-range, --ranges are for a WT300)</source>
        <translation>%1: DUT의 전력 소스에는 설정할 레인지가 없음 (--voltage-range, --current-range, --ranges는 WT300용)</translation>
    </message>
    <message>
        <source>meter auto: no WT300 on USB; the DUT&apos;s %1 is the meter (%2)</source>
        <translation>전력계 auto: USB에 WT300이 없음. DUT의 %1을(를) 전력계로 사용함 (%2)</translation>
    </message>
    <message>
        <source>meter auto: no WT300 on USB and no power source on the DUT that can be read now (%1): the simulated WT332 is the meter</source>
        <translation>전력계 auto: USB에 WT300이 없고 지금 읽을 수 있는 DUT 전력 소스도 없음 (%1): 모의 WT332를 전력계로 사용함</translation>
    </message>
    <message>
        <source>the DUT has none</source>
        <translation>DUT에 없음</translation>
    </message>
</context>
<context>
    <name>cipherwatt::core::SessionSettings</name>
    <message>
        <source>%1: rapl: needs a zone (rapl:package-0, rapl:core)</source>
        <translation>%1: rapl: 뒤에 영역이 필요합니다 (rapl:package-0, rapl:core)</translation>
    </message>
    <message>
        <source>%1: battery: needs a name (battery:BAT0), or none at all</source>
        <translation>%1: battery: 뒤에 이름이 필요합니다 (battery:BAT0). 아니면 battery만 쓰십시오</translation>
    </message>
    <message>
        <source>%1: hwmon: needs a sensor and a label (hwmon:ina3221/VDD_IN)</source>
        <translation>%1: hwmon: 뒤에 센서와 레이블이 필요합니다 (hwmon:ina3221/VDD_IN)</translation>
    </message>
    <message>
        <source>%1: not a power source on the DUT (rapl:&lt;zone&gt;, battery[:&lt;name&gt;], hwmon:&lt;sensor&gt;/&lt;label&gt;)</source>
        <translation>%1: DUT의 전력 소스가 아닙니다 (rapl:&lt;zone&gt;, battery[:&lt;name&gt;], hwmon:&lt;sensor&gt;/&lt;label&gt;)</translation>
    </message>
    <message>
        <source>%1: given twice</source>
        <translation>%1: 두 번 지정되었습니다</translation>
    </message>
</context>
<context>
    <name>cipherwatt::core::Ssh</name>
    <message>
        <source>environment entry &quot;%1&quot; is not NAME=value</source>
        <translation>환경 항목 &quot;%1&quot;이(가) NAME=value 형식이 아님</translation>
    </message>
    <message>
        <source>cannot create an SSH session</source>
        <translation>SSH 세션을 만들 수 없음</translation>
    </message>
    <message>
        <source>cannot connect to %1:%2: %3</source>
        <translation>%1:%2에 연결할 수 없음: %3</translation>
    </message>
    <message>
        <source>no host key from the server: %1</source>
        <translation>서버에서 호스트 키를 받지 못함: %1</translation>
    </message>
    <message>
        <source>cannot hash the host key</source>
        <translation>호스트 키의 해시를 구할 수 없음</translation>
    </message>
    <message>
        <source>cannot check the host key in %1: %2</source>
        <translation>%1에서 호스트 키를 확인할 수 없음: %2</translation>
    </message>
    <message>
        <source>%1; it was not accepted</source>
        <translation>%1; 수락되지 않음</translation>
    </message>
    <message>
        <source>cannot record the accepted host key in %1: %2</source>
        <translation>수락한 호스트 키를 %1에 기록할 수 없음: %2</translation>
    </message>
    <message>
        <source>accepted the host key %1 %2 of %3 and recorded it in %4</source>
        <translation>%3의 호스트 키 %1 %2을(를) 수락하고 %4에 기록함</translation>
    </message>
    <message>
        <source>authentication as %1 failed (tried: %2; the server offers: %3)</source>
        <translation>%1(으)로 인증 실패 (시도: %2; 서버가 제공: %3)</translation>
    </message>
    <message>
        <source>key file %1 not found</source>
        <translation>키 파일 %1을(를) 찾을 수 없음</translation>
    </message>
    <message>
        <source>cannot read the key %1</source>
        <translation>키 %1을(를) 읽을 수 없음</translation>
    </message>
    <message>
        <source>authentication failed: %1</source>
        <translation>인증 실패: %1</translation>
    </message>
    <message>
        <source>cannot open a channel: %1</source>
        <translation>채널을 열 수 없음: %1</translation>
    </message>
    <message>
        <source>cannot run a command: %1</source>
        <translation>명령을 실행할 수 없음: %1</translation>
    </message>
    <message>
        <source>the link was lost: %1</source>
        <translation>연결이 끊김: %1</translation>
    </message>
    <message>
        <source>`%1` did not finish in %2 s</source>
        <translation>`%1`이(가) %2초 안에 끝나지 않음</translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation>%1을(를) 읽을 수 없음: %2</translation>
    </message>
    <message>
        <source>SFTP is not available: %1</source>
        <translation>SFTP를 쓸 수 없음: %1</translation>
    </message>
    <message>
        <source>SFTP: %1: %2 (SFTP error %3)</source>
        <translation>SFTP: %1: %2 (SFTP 오류 %3)</translation>
    </message>
    <message>
        <source>build it on the DUT with `cmake --preset bench-only &amp;&amp; cmake --build --preset bench-only` (README, &quot;SSH DUTs&quot;)</source>
        <translation>DUT에서 `cmake --preset bench-only &amp;&amp; cmake --build --preset bench-only`로 빌드하세요 (README, &quot;SSH DUTs&quot;)</translation>
    </message>
    <message>
        <source>%1 is version %2, not %3</source>
        <translation>%1의 버전은 %3이 아니라 %2임</translation>
    </message>
    <message>
        <source>%1 cannot run on the DUT: missing shared libraries %2 (install them there, e.g. libbotan-2-19 and libssl3, or %3)</source>
        <translation>%1을(를) DUT에서 실행할 수 없음: 공유 라이브러리 %2 없음 (DUT에 설치하세요, 예: libbotan-2-19와 libssl3; 또는 %3)</translation>
    </message>
    <message>
        <source>%1 is not there</source>
        <translation>%1이(가) 없음</translation>
    </message>
    <message>
        <source>%1 --version failed (exit %2): %3</source>
        <translation>%1 --version 실패 (종료 코드 %2): %3</translation>
    </message>
    <message>
        <source>cannot checksum %1 on the DUT (sha256sum: %2)</source>
        <translation>DUT에서 %1의 체크섬을 구할 수 없음 (sha256sum: %2)</translation>
    </message>
    <message>
        <source>the DUT did not answer a plain POSIX shell command (is the account&apos;s shell sh, bash, dash or zsh?): %1</source>
        <translation>DUT가 기본 POSIX 셸 명령에 응답하지 않음 (계정의 셸이 sh, bash, dash, zsh 중 하나인가요?): %1</translation>
    </message>
    <message>
        <source>%1 is not an ELF executable</source>
        <translation>%1은(는) ELF 실행 파일이 아님</translation>
    </message>
    <message>
        <source>%1 is an ELF file for machine %2, which CipherWatt does not know</source>
        <translation>%1은(는) CipherWatt가 모르는 머신 %2용 ELF 파일임</translation>
    </message>
    <message>
        <source>cipherwatt-bench is not on the DUT&apos;s PATH</source>
        <translation>DUT의 PATH에 cipherwatt-bench가 없음</translation>
    </message>
    <message>
        <source>found %1 (version %2)</source>
        <translation>%1 찾음 (버전 %2)</translation>
    </message>
    <message>
        <source>found %1, uploaded earlier</source>
        <translation>앞서 업로드한 %1 찾음</translation>
    </message>
    <message>
        <source>found %1, uploaded earlier (SHA-256 %2)</source>
        <translation>앞서 업로드한 %1 찾음 (SHA-256 %2)</translation>
    </message>
    <message>
        <source>%1 is another build than %2</source>
        <translation>%1은(는) %2과(와) 다른 빌드임</translation>
    </message>
    <message>
        <source>no usable cipherwatt-bench %1 on the DUT (%2); %3</source>
        <translation>DUT에 쓸 수 있는 cipherwatt-bench %1이(가) 없음 (%2); %3</translation>
    </message>
    <message>
        <source>uploading is off: %1</source>
        <translation>업로드가 꺼져 있음: %1</translation>
    </message>
    <message>
        <source>there is no local cipherwatt-bench to upload: %1</source>
        <translation>업로드할 로컬 cipherwatt-bench가 없음: %1</translation>
    </message>
    <message>
        <source>%1 is built for %2 but the DUT is %3, so it is not uploaded: %4, or cross-build one for %3 and upload that</source>
        <translation>%1은(는) %2용으로 빌드되었지만 DUT는 %3이라 업로드하지 않음: %4; 또는 %3용으로 크로스 빌드해서 업로드하세요</translation>
    </message>
    <message>
        <source>the upload was declined</source>
        <translation>업로드를 거절함</translation>
    </message>
    <message>
        <source>the uploaded %1 has SHA-256 %2 on the DUT, not %3 as sent; it was removed</source>
        <translation>업로드한 %1의 DUT에서의 SHA-256이 보낸 %3이 아니라 %2임; 삭제함</translation>
    </message>
    <message>
        <source>uploaded, but %1</source>
        <translation>업로드했지만 %1</translation>
    </message>
    <message>
        <source>uploaded %1 to %2 (SHA-256 %3 verified on the DUT) because %4</source>
        <translation>%1을(를) %2에 업로드함 (DUT에서 SHA-256 %3 확인함), 이유: %4</translation>
    </message>
    <message>
        <source>plugin %1: %2</source>
        <translation>플러그인 %1: %2</translation>
    </message>
    <message>
        <source>plugin %1 is built for %2 but the DUT is %3, so it is not uploaded: build it for %3 (on the DUT, or with a cross compiler) against the installed cipherwatt/cipher_plugin.h</source>
        <translation>플러그인 %1은(는) %2용으로 빌드되었지만 DUT는 %3이라 업로드하지 않음: 설치된 cipherwatt/cipher_plugin.h로 %3용으로 빌드하세요 (DUT에서, 또는 크로스 컴파일러로)</translation>
    </message>
    <message>
        <source>plugin %1: found %2, uploaded earlier (SHA-256 %3)</source>
        <translation>플러그인 %1: 앞서 업로드한 %2 찾음 (SHA-256 %3)</translation>
    </message>
    <message>
        <source>the uploaded plugin %1 has SHA-256 %2 on the DUT, not %3 as sent; it was removed</source>
        <translation>업로드한 플러그인 %1의 DUT에서의 SHA-256이 보낸 %3이 아니라 %2임; 삭제함</translation>
    </message>
    <message>
        <source>plugin %1: uploaded to %2 (SHA-256 %3 verified on the DUT)</source>
        <translation>플러그인 %1: %2에 업로드함 (DUT에서 SHA-256 %3 확인함)</translation>
    </message>
    <message>
        <source>worker: %1</source>
        <translation>워커: %1</translation>
    </message>
    <message>
        <source>cannot start the worker: %1</source>
        <translation>워커를 시작할 수 없음: %1</translation>
    </message>
    <message>
        <source>the worker was killed</source>
        <translation>워커가 강제 종료됨</translation>
    </message>
    <message>
        <source>the worker was killed by SIG%1</source>
        <translation>워커가 SIG%1로 강제 종료됨</translation>
    </message>
    <message>
        <source>the worker&apos;s channel closed without an exit status</source>
        <translation>워커의 채널이 종료 상태 없이 닫힘</translation>
    </message>
    <message>
        <source>SSH link to %1:%2 lost: %3</source>
        <translation>%1:%2과(와)의 SSH 연결 끊김: %3</translation>
    </message>
    <message>
        <source>WARNING: the host key of %1 has CHANGED: it is now %2 %3, but %4 holds another key for it. Someone may be intercepting the connection, or the DUT was reinstalled. The connection is refused; if the change is expected, remove the old key (ssh-keygen -R &apos;%1&apos; -f %4) and connect again</source>
        <translation>경고: %1의 호스트 키가 바뀌었습니다: 지금은 %2 %3이지만 %4에는 다른 키가 있습니다. 누군가 연결을 가로채고 있거나 DUT를 다시 설치했을 수 있습니다. 연결을 거부합니다; 바뀐 것이 맞다면 예전 키를 지우고(ssh-keygen -R &apos;%1&apos; -f %4) 다시 연결하세요</translation>
    </message>
    <message>
        <source>the host key of %1 is not known: %2 %3. Compare it with the DUT&apos;s own (ssh-keygen -lf /etc/ssh/ssh_host_ed25519_key.pub on the DUT) before accepting it</source>
        <translation>%1의 호스트 키를 모름: %2 %3. 수락하기 전에 DUT의 키와 비교하세요 (DUT에서 ssh-keygen -lf /etc/ssh/ssh_host_ed25519_key.pub)</translation>
    </message>
    <message>
        <source>cannot write %1 through an exec channel (exit %2): %3</source>
        <translation>exec 채널로 %1을(를) 쓸 수 없음 (종료 코드 %2): %3</translation>
    </message>
    <message>
        <source>uploaded over SFTP</source>
        <translation>SFTP로 업로드함</translation>
    </message>
    <message>
        <source>uploaded through an exec channel (the server has no SFTP subsystem)</source>
        <translation>exec 채널로 업로드함 (서버에 SFTP 서브시스템이 없음)</translation>
    </message>
</context>
<context>
    <name>cipherwatt::core::Storage</name>
    <message>
        <source>database %1: %2; it was left untouched</source>
        <translation>데이터베이스 %1: %2. 파일은 그대로 둠</translation>
    </message>
    <message>
        <source>not a CipherWatt database (not an SQLite file)</source>
        <translation>CipherWatt 데이터베이스가 아님 (SQLite 파일이 아님)</translation>
    </message>
    <message>
        <source>not a CipherWatt database (%1)</source>
        <translation>CipherWatt 데이터베이스가 아님 (%1)</translation>
    </message>
    <message>
        <source>not a CipherWatt database</source>
        <translation>CipherWatt 데이터베이스가 아님</translation>
    </message>
    <message>
        <source>written by a newer CipherWatt (schema %1; this version knows up to %2): open it with that version</source>
        <translation>더 새 CipherWatt로 기록됨 (스키마 %1, 이 버전은 %2까지 지원): 그 버전으로 여십시오</translation>
    </message>
    <message>
        <source>database %1: cannot create the folder</source>
        <translation>데이터베이스 %1: 폴더를 만들 수 없음</translation>
    </message>
    <message>
        <source>database %1 has no session %2</source>
        <translation>데이터베이스 %1에 세션 %2 없음</translation>
    </message>
    <message>
        <source>a label cannot be empty</source>
        <translation>레이블은 비워 둘 수 없음</translation>
    </message>
    <message>
        <source>session %1 is running; finish or cancel it first</source>
        <translation>세션 %1이(가) 실행 중임. 먼저 끝내거나 취소하십시오</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>%1에 쓸 수 없음: %2</translation>
    </message>
    <message>
        <source>session %1 measured other items (%2) than session %3 (%4); export their samples to separate files</source>
        <translation>세션 %1은(는) 세션 %3(%4)과 다른 항목(%2)을 측정함. 샘플을 별도 파일로 내보내십시오</translation>
    </message>
    <message>
        <source>database %1: %2: %3</source>
        <translation>데이터베이스 %1: %2: %3</translation>
    </message>
    <message>
        <source>database %1: %2</source>
        <translation>데이터베이스 %1: %2</translation>
    </message>
    <message>
        <source>the program ended while the session was running; everything stored up to then is kept</source>
        <translation>세션이 진행 중일 때 프로그램이 끝남; 그때까지 저장한 것은 모두 보존됨</translation>
    </message>
    <message>
        <source>the program ended during this run; its updates up to then are kept</source>
        <translation>이 실행 중 프로그램이 끝났습니다. 그때까지의 업데이트는 보존됩니다</translation>
    </message>
    <message>
        <source>database %1: the folder %2 does not exist (create it first)</source>
        <translation>데이터베이스 %1: 폴더 %2이(가) 없습니다 (먼저 만드십시오)</translation>
    </message>
    <message>
        <source>cannot write %1: it is a directory; name a file in it</source>
        <translation>%1에 쓸 수 없음: 디렉터리입니다. 그 안의 파일 이름을 지정하십시오</translation>
    </message>
    <message>
        <source>cannot write %1: it is a block device (a disk), which a report must not overwrite</source>
        <translation>%1에 쓸 수 없음: 블록 장치(디스크)이며, 보고서로 덮어쓰면 안 됩니다</translation>
    </message>
    <message>
        <source>cannot write %1: it is a socket</source>
        <translation>%1에 쓸 수 없음: 소켓입니다</translation>
    </message>
    <message>
        <source>database %1: %2 databases are not supported; give the path of a SQLite file or a postgresql:// URI</source>
        <translation>데이터베이스 %1: %2 데이터베이스는 지원하지 않음. SQLite 파일 경로나 postgresql:// URI를 지정하십시오</translation>
    </message>
    <message>
        <source>database %1: not a valid PostgreSQL URI (postgresql://user@host:port/database)</source>
        <translation>데이터베이스 %1: 올바른 PostgreSQL URI가 아님 (postgresql://user@host:port/database)</translation>
    </message>
    <message>
        <source>database %1: a password in the URI is not accepted (it would be stored and shown): put it in ~/.pgpass, a service file or PGPASSWORD</source>
        <translation>데이터베이스 %1: URI 안의 비밀번호는 받지 않음 (저장되고 표시될 수 있음). ~/.pgpass, 서비스 파일 또는 PGPASSWORD에 두십시오</translation>
    </message>
    <message>
        <source>database %1: name the database (postgresql://user@host:port/database)</source>
        <translation>데이터베이스 %1: 데이터베이스 이름을 지정하십시오 (postgresql://user@host:port/database)</translation>
    </message>
    <message>
        <source>database %1: unknown parameter &apos;%2&apos; (known: sslmode, connect_timeout, service)</source>
        <translation>데이터베이스 %1: 알 수 없는 매개변수 &apos;%2&apos; (사용 가능: sslmode, connect_timeout, service)</translation>
    </message>
    <message>
        <source>database %1: %2=&apos;%3&apos; is not valid (%4)</source>
        <translation>데이터베이스 %1: %2=&apos;%3&apos;은(는) 올바르지 않음 (%4)</translation>
    </message>
    <message>
        <source>database %1: Qt&apos;s PostgreSQL driver (QPSQL) is not installed (Debian: libqt6sql6-psql)</source>
        <translation>데이터베이스 %1: Qt의 PostgreSQL 드라이버(QPSQL)가 설치되지 않음 (Debian: libqt6sql6-psql)</translation>
    </message>
    <message>
        <source>database %1: cannot connect: %2</source>
        <translation>데이터베이스 %1: 연결할 수 없음: %2</translation>
    </message>
    <message>
        <source>the lab database %1 stopped answering (%2): the updates are kept in the local journal %3 and sent when it answers again</source>
        <translation>연구실 데이터베이스 %1이(가) 응답하지 않음 (%2): 측정값은 로컬 저널 %3에 보관되며 다시 응답하면 전송됨</translation>
    </message>
    <message>
        <source>the lab database answers again: %1 updates kept in the journal meanwhile were sent</source>
        <translation>연구실 데이터베이스가 다시 응답함: 그동안 저널에 보관된 측정값 %1개를 전송함</translation>
    </message>
    <message>
        <source>the lab database %1 did not answer again: the session is complete in the local journal %2; &apos;cipherwatt-cli sync --db %1&apos; sends it</source>
        <translation>연구실 데이터베이스 %1이(가) 다시 응답하지 않음: 세션은 로컬 저널 %2에 완전히 저장됨. &apos;cipherwatt-cli sync --db %1&apos;로 전송하십시오</translation>
    </message>
</context>
<context>
    <name>cipherwatt::gui</name>
    <message>
        <source>PNG image, 300 dpi (*.png)</source>
        <translation>PNG 이미지, 300 dpi (*.png)</translation>
    </message>
    <message>
        <source>SVG drawing (*.svg)</source>
        <translation>SVG 도면 (*.svg)</translation>
    </message>
    <message>
        <source>PDF document (*.pdf)</source>
        <translation>PDF 문서 (*.pdf)</translation>
    </message>
    <message>
        <source>Save Chart</source>
        <translation>차트 저장</translation>
    </message>
    <message>
        <source>The chart was not saved: %1</source>
        <translation>차트를 저장하지 못했습니다: %1</translation>
    </message>
    <message>
        <source>Save Chart As…</source>
        <translation>다른 이름으로 차트 저장…</translation>
    </message>
    <message>
        <source>Write this chart as PNG, SVG or PDF, sized and lettered for a paper</source>
        <translation>이 차트를 논문에 맞는 크기와 글꼴로 PNG, SVG 또는 PDF로 저장</translation>
    </message>
</context>
<context>
    <name>cipherwatt::gui::BarChartPage</name>
    <message>
        <source>One bar per session in each group; the error bars are the 95 % intervals. The total adds encryption and decryption.</source>
        <translation>그룹마다 세션당 막대 하나. 오차 막대는 95 % 구간입니다. 합계는 암호화와 복호화를 더한 값입니다.</translation>
    </message>
    <message>
        <source>Which runs the bars show</source>
        <translation>막대로 보여 줄 실행</translation>
    </message>
    <message>
        <source>Encryption</source>
        <translation>암호화</translation>
    </message>
    <message>
        <source>Decryption</source>
        <translation>복호화</translation>
    </message>
    <message>
        <source>Encryption and decryption together</source>
        <translation>암호화와 복호화 합계</translation>
    </message>
    <message>
        <source>What the bars measure</source>
        <translation>막대가 나타내는 측정값</translation>
    </message>
    <message>
        <source>Energy per byte</source>
        <translation>바이트당 에너지</translation>
    </message>
    <message>
        <source>Net power</source>
        <translation>순전력</translation>
    </message>
    <message>
        <source>Operation:</source>
        <translation>연산:</translation>
    </message>
    <message>
        <source>Measure:</source>
        <translation>측정값:</translation>
    </message>
    <message>
        <source>Energy per Byte, Encryption</source>
        <translation>바이트당 에너지, 암호화</translation>
    </message>
    <message>
        <source>Net Power, Encryption</source>
        <translation>순전력, 암호화</translation>
    </message>
    <message>
        <source>Energy per Byte, Decryption</source>
        <translation>바이트당 에너지, 복호화</translation>
    </message>
    <message>
        <source>Net Power, Decryption</source>
        <translation>순전력, 복호화</translation>
    </message>
    <message>
        <source>Energy per Byte, Encryption and Decryption</source>
        <translation>바이트당 에너지, 암호화와 복호화</translation>
    </message>
    <message>
        <source>Net Power, Encryption and Decryption</source>
        <translation>순전력, 암호화와 복호화</translation>
    </message>
    <message>
        <source>One bar per session; the error bars are the 95 % intervals</source>
        <translation>세션당 막대 하나. 오차 막대는 95 % 구간</translation>
    </message>
</context>
<context>
    <name>cipherwatt::gui::ChartPage</name>
    <message>
        <source>There is no comparison to save.</source>
        <translation>저장할 비교가 없습니다.</translation>
    </message>
</context>
<context>
    <name>cipherwatt::gui::CommandLine</name>
    <message>
        <source>The CipherWatt window: measures what encryption costs in energy with a Yokogawa WT300 power meter, stores every session and compares them.</source>
        <translation>CipherWatt 창: Yokogawa WT300 전력계로 암호화에 드는 에너지를 측정하고, 모든 세션을 저장하고 비교합니다.</translation>
    </message>
    <message>
        <source>The session database (default: the last one used, or ~/.local/share/cipherwatt/sessions.sqlite).</source>
        <translation>세션 데이터베이스 (기본값: 마지막으로 쓴 것, 없으면 ~/.local/share/cipherwatt/sessions.sqlite).</translation>
    </message>
    <message>
        <source>The local cipherwatt-bench (default: beside this program, or PATH).</source>
        <translation>로컬 cipherwatt-bench (기본값: 이 프로그램과 같은 폴더, 없으면 PATH).</translation>
    </message>
    <message>
        <source>Where the local worker finds /sys (a fake tree for tests).</source>
        <translation>로컬 워커가 /sys를 찾을 위치 (테스트용 가짜 트리).</translation>
    </message>
    <message>
        <source>The window&apos;s language: en or ko (default: the setting, or the system&apos;s).</source>
        <translation>창의 언어: en 또는 ko (기본값: 설정, 없으면 시스템 언어).</translation>
    </message>
    <message>
        <source>Print the time from start to a shown window, then quit (benchmark).</source>
        <translation>시작부터 창이 표시될 때까지 걸린 시간을 출력하고 끝냅니다 (벤치마크).</translation>
    </message>
</context>
<context>
    <name>cipherwatt::gui::CompareView</name>
    <message>
        <source>Sessions measured with the simulated WT332 have modelled power values</source>
        <translation>모의 WT332로 측정한 세션의 전력값은 모델링된 값입니다</translation>
    </message>
    <message>
        <source>Export PDF…</source>
        <translation>PDF 내보내기…</translation>
    </message>
    <message>
        <source>Write the comparison report: the sessions, the results side by side, the bar charts and the overlaid power traces</source>
        <translation>비교 보고서를 씁니다: 세션, 나란히 놓은 결과, 막대 차트, 겹쳐 그린 전력 추이</translation>
    </message>
    <message>
        <source>Export CSV…</source>
        <translation>CSV 내보내기…</translation>
    </message>
    <message>
        <source>Results</source>
        <translation>결과</translation>
    </message>
    <message>
        <source>Bar Charts</source>
        <translation>막대 차트</translation>
    </message>
    <message>
        <source>Energy per byte or net power per cipher, one bar per session</source>
        <translation>암호별 바이트당 에너지 또는 순전력, 세션당 막대 하나</translation>
    </message>
    <message>
        <source>Power Traces</source>
        <translation>전력 추이</translation>
    </message>
    <message>
        <source>The sessions&apos; power over time, aligned at their first run</source>
        <translation>첫 실행 시점에 맞춘 세션별 전력의 시간 변화</translation>
    </message>
    <message>
        <source>Sessions</source>
        <translation>세션</translation>
    </message>
    <message>
        <source>Search sessions</source>
        <translation>세션 검색</translation>
    </message>
    <message>
        <source>Shows the sessions whose label, tags, notes, DUT or operator contain every word typed here</source>
        <translation>레이블, 태그, 메모, DUT, 측정자에 여기 입력한 낱말이 모두 들어 있는 세션을 보여 줍니다</translation>
    </message>
    <message>
        <source>Click sessions to add them to the comparison or to take them out</source>
        <translation>세션을 클릭하여 비교에 넣거나 뺍니다</translation>
    </message>
    <message>
        <source>Reference:</source>
        <translation>기준:</translation>
    </message>
    <message numerus="yes">
        <source>Reading %n sessions…</source>
        <translation>
            <numerusform>세션 %n개를 읽는 중…</numerusform>
        </translation>
    </message>
    <message>
        <source>The sessions cannot be read: %1</source>
        <translation>세션을 읽을 수 없습니다: %1</translation>
    </message>
    <message numerus="yes">
        <source>Comparison of %n Sessions</source>
        <translation>
            <numerusform>세션 %n개 비교</numerusform>
        </translation>
    </message>
    <message>
        <source>Simulated meter in %1: these power values are modelled, not measured.</source>
        <translation>%1에 모의 전력계 사용: 이 전력값은 측정값이 아니라 모델링한 값입니다.</translation>
    </message>
    <message>
        <source>No session library is open.</source>
        <translation>열린 세션 라이브러리가 없습니다.</translation>
    </message>
    <message>
        <source>A comparison needs two or more sessions: measure them on the Measure page.</source>
        <translation>비교하려면 세션이 두 개 이상 있어야 합니다. 측정 페이지에서 측정하십시오.</translation>
    </message>
    <message>
        <source>Compare Sessions</source>
        <translation>세션 비교</translation>
    </message>
    <message>
        <source>Export Comparison as PDF</source>
        <translation>비교를 PDF로 내보내기</translation>
    </message>
    <message>
        <source>Export Comparison as CSV</source>
        <translation>비교를 CSV로 내보내기</translation>
    </message>
    <message>
        <source>PDF files (*.pdf)</source>
        <translation>PDF 파일 (*.pdf)</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV 파일 (*.csv)</translation>
    </message>
    <message>
        <source>Write the comparison as CSV: one row per session and run key, with the differences from the reference session</source>
        <translation>비교를 CSV로 저장: 세션과 실행 키마다 한 행, 기준 세션과의 차이 포함</translation>
    </message>
    <message>
        <source>The results side by side, with the differences from the reference session</source>
        <translation>결과를 나란히, 기준 세션과의 차이와 함께</translation>
    </message>
    <message>
        <source>Click sessions to add them or take them out; the first one added is the reference.</source>
        <translation>세션을 클릭해 비교에 넣거나 뺍니다. 처음 넣은 세션이 기준입니다.</translation>
    </message>
    <message>
        <source>The session the differences are taken from</source>
        <translation>차이를 계산하는 기준 세션</translation>
    </message>
    <message>
        <source>Not in the library, left out: %1.</source>
        <translation>라이브러리에 없어 제외됨: %1.</translation>
    </message>
    <message>
        <source>Click two or more sessions in the list on the left to compare them, or select them in the library and press Compare Selected.</source>
        <translation>왼쪽 목록에서 세션을 두 개 이상 클릭해 비교하거나, 라이브러리에서 선택한 뒤 선택 항목 비교를 누르세요.</translation>
    </message>
    <message>
        <source>Values with their 95 % intervals; with repeats, the median and an interval spanning every repeat&apos;s. Δ and ratio: from the reference session&apos;s mean over repeats, with 95 % intervals; &quot;not significant&quot; when they include no change.</source>
        <translation>값과 95 % 구간. 반복이 있으면 중앙값과 모든 반복의 구간을 아우르는 구간. Δ와 비: 기준 세션의 반복 평균에 대한 값과 95 % 구간. 변화가 없음을 포함하면 &quot;유의하지 않음&quot;.</translation>
    </message>
</context>
<context>
    <name>cipherwatt::gui::ComparisonModel</name>
    <message>
        <source>Cipher</source>
        <translation>암호</translation>
    </message>
    <message>
        <source>Backend</source>
        <translation>백엔드</translation>
    </message>
    <message>
        <source>Operation</source>
        <translation>연산</translation>
    </message>
    <message>
        <source>%1 %2, %3, %4 B</source>
        <translation>%1 %2, %3, %4 B</translation>
    </message>
    <message>
        <source>This session has no such run.</source>
        <translation>이 세션에는 이 실행이 없습니다.</translation>
    </message>
    <message>
        <source>Not measured.</source>
        <translation>측정되지 않았습니다.</translation>
    </message>
    <message>
        <source>One run measured.</source>
        <translation>실행 1회를 측정했습니다.</translation>
    </message>
    <message numerus="yes">
        <source>Median of %n runs; the interval spans all of theirs.</source>
        <translation>
            <numerusform>실행 %n회의 중앙값. 구간은 모든 실행의 구간을 포괄합니다.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n planned runs gave no result.</source>
        <translation>
            <numerusform>계획된 실행 %n회 중 %1회는 결과가 없습니다.</numerusform>
        </translation>
    </message>
    <message>
        <source>95 % interval: from the run&apos;s and the baseline&apos;s sample statistics and the meter&apos;s accuracy.</source>
        <translation>95 % 구간: 실행과 기준선의 표본 통계, 전력계 정확도로 계산합니다.</translation>
    </message>
    <message>
        <source>Flag: %1</source>
        <translation>플래그: %1</translation>
    </message>
    <message>
        <source>Net power: mean power during the run minus the idle baseline, with its 95 % interval</source>
        <translation>순전력: 실행 중 평균 전력 − 유휴 기준선, 95 % 구간 포함</translation>
    </message>
    <message>
        <source>Net energy per byte processed, with its 95 % interval</source>
        <translation>처리한 바이트당 순에너지, 95 % 구간 포함</translation>
    </message>
    <message>
        <source>Buffer</source>
        <translation>버퍼</translation>
    </message>
    <message>
        <source>Net Power</source>
        <translation>순전력</translation>
    </message>
    <message>
        <source>Throughput</source>
        <translation>처리량</translation>
    </message>
    <message>
        <source>Energy/Byte</source>
        <translation>바이트당 에너지</translation>
    </message>
    <message>
        <source>Δ Power</source>
        <translation>Δ 전력</translation>
    </message>
    <message>
        <source>Δ Energy</source>
        <translation>Δ 에너지</translation>
    </message>
    <message>
        <source>%1 (reference)</source>
        <translation>%1 (기준)</translation>
    </message>
    <message>
        <source>%1, simulated meter</source>
        <translation>%1, 시뮬레이션 전력계</translation>
    </message>
    <message>
        <source>Bytes processed per second (kB = 1000 B; the paper&apos;s KB/s in Settings)</source>
        <translation>초당 처리 바이트 (kB = 1000 B, 논문의 KB/s는 설정에서)</translation>
    </message>
    <message>
        <source>Bytes per call of the cipher (KiB = 1024 B, kB = 1000 B)</source>
        <translation>암호 호출 한 번의 바이트 (KiB = 1024 B, kB = 1000 B)</translation>
    </message>
    <message>
        <source>Power Ratio</source>
        <translation>전력 비</translation>
    </message>
    <message>
        <source>Energy Ratio</source>
        <translation>에너지 비</translation>
    </message>
    <message>
        <source>Difference from the reference %1 (this session&apos;s mean minus its mean) and ratio to it (this session&apos;s mean over its mean), from the means over repeats, with 95 % intervals.</source>
        <translation>기준 %1과의 차이(이 세션의 평균에서 기준 평균을 뺀 값)와 비(이 세션의 평균을 기준 평균으로 나눈 값). 반복 측정의 평균으로 계산하며 95 % 구간을 함께 표시합니다.</translation>
    </message>
    <message>
        <source>Same meter, mode and ranges as the reference: the meter&apos;s gain is common to both, cancels in the ratio and partly in the difference.</source>
        <translation>기준과 같은 계측기, 모드, 레인지: 계측기의 이득 오차가 양쪽에 공통이므로 비에서는 상쇄되고 차이에서는 일부 상쇄됩니다.</translation>
    </message>
    <message>
        <source>Another meter, mode or ranges than the reference: the two are independent.</source>
        <translation>기준과 다른 계측기, 모드 또는 레인지: 두 결과를 서로 독립으로 취급합니다.</translation>
    </message>
    <message>
        <source>Not significant: the difference&apos;s interval includes 0 or the ratio&apos;s includes 1.</source>
        <translation>유의하지 않음: 차이의 구간이 0을 포함하거나 비의 구간이 1을 포함합니다.</translation>
    </message>
    <message>
        <source>Difference from the reference session: this session&apos;s mean minus its mean, with its 95 % interval</source>
        <translation>기준 세션과의 차이: 이 세션의 평균에서 기준 평균을 뺀 값과 그 95 % 구간</translation>
    </message>
    <message>
        <source>Ratio to the reference session: this session&apos;s mean over its mean, with its 95 % interval</source>
        <translation>기준 세션에 대한 비: 이 세션의 평균을 기준 평균으로 나눈 값과 그 95 % 구간</translation>
    </message>
</context>
<context>
    <name>cipherwatt::gui::DatabasePasswordDialog</name>
    <message>
        <source>Lab Database Password</source>
        <translation>연구실 데이터베이스 암호</translation>
    </message>
    <message>
        <source>CipherWatt could not connect to the lab database %1:</source>
        <translation>CipherWatt가 연구실 데이터베이스 %1에 연결하지 못했습니다:</translation>
    </message>
    <message>
        <source>this computer</source>
        <translation>이 컴퓨터</translation>
    </message>
    <message>
        <source>The password of the database role; kept in memory until CipherWatt quits, never saved</source>
        <translation>데이터베이스 역할의 암호입니다. CipherWatt가 끝날 때까지 메모리에만 두고 저장하지 않습니다</translation>
    </message>
    <message>
        <source>Password on %1:</source>
        <translation>%1의 암호:</translation>
    </message>
    <message>
        <source>Password of %1 on %2:</source>
        <translation>%2에서 %1의 암호:</translation>
    </message>
    <message>
        <source>CipherWatt keeps it in memory until it quits and never saves it. To be asked no more, put it in ~/.pgpass (or the service file).</source>
        <translation>CipherWatt는 끝날 때까지 메모리에만 두고 저장하지 않습니다. 다시 묻지 않게 하려면 ~/.pgpass(또는 서비스 파일)에 넣으십시오.</translation>
    </message>
    <message>
        <source>Connect</source>
        <translation>연결</translation>
    </message>
    <message>
        <source>Connect again with this password</source>
        <translation>이 암호로 다시 연결</translation>
    </message>
    <message>
        <source>Leave the library without the lab database&apos;s sessions</source>
        <translation>연구실 데이터베이스의 세션 없이 라이브러리를 둡니다</translation>
    </message>
</context>
<context>
    <name>cipherwatt::gui::DeleteConfirmation</name>
    <message>
        <source>%1 and %2</source>
        <translation>%1 및 %2</translation>
    </message>
    <message numerus="yes">
        <source>%n runs</source>
        <translation>
            <numerusform>실행 %n회</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n meter updates</source>
        <translation>
            <numerusform>전력계 갱신 %n회</numerusform>
        </translation>
    </message>
    <message>
        <source>Delete Session</source>
        <translation>세션 삭제</translation>
    </message>
    <message>
        <source>Delete session %1 “%2”?</source>
        <translation>세션 %1 “%2”을(를) 삭제할까요?</translation>
    </message>
    <message>
        <source>Its %1 are removed from the database with it. This cannot be undone.</source>
        <translation>이 세션의 %1도 함께 데이터베이스에서 삭제됩니다. 되돌릴 수 없습니다.</translation>
    </message>
    <message>
        <source>Delete Sessions</source>
        <translation>세션 삭제</translation>
    </message>
    <message numerus="yes">
        <source>Delete %n sessions?</source>
        <translation>
            <numerusform>세션 %n개를 삭제할까요?</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 “%2”: %3</source>
        <translation>%1 “%2”: %3</translation>
    </message>
    <message numerus="yes">
        <source>and %n more</source>
        <translation>
            <numerusform>외 %n개</numerusform>
        </translation>
    </message>
    <message>
        <source>%1

All %2 and %3 are removed from the database with them. This cannot be undone.</source>
        <translation>%1

%2 및 %3 전부가 함께 데이터베이스에서 삭제됩니다. 되돌릴 수 없습니다.</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>삭제</translation>
    </message>
    <message>
        <source>Remove the sessions from the database</source>
        <translation>데이터베이스에서 세션을 삭제합니다</translation>
    </message>
    <message>
        <source>Keep the sessions</source>
        <translation>세션을 남겨 둡니다</translation>
    </message>
</context>
<context>
    <name>cipherwatt::gui::DisplayFormat</name>
    <message>
        <source>Running</source>
        <translation>실행 중</translation>
    </message>
    <message>
        <source>Complete</source>
        <translation>완료</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>취소됨</translation>
    </message>
    <message>
        <source>Interrupted</source>
        <translation>중단됨</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>실패</translation>
    </message>
    <message>
        <source>Encrypt</source>
        <translation>암호화</translation>
    </message>
    <message>
        <source>Decrypt</source>
        <translation>복호화</translation>
    </message>
    <message>
        <source>Key generation</source>
        <translation>키 생성</translation>
    </message>
    <message>
        <source>Key agreement</source>
        <translation>키 합의</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>오류</translation>
    </message>
    <message>
        <source>Warning</source>
        <translation>경고</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>참고</translation>
    </message>
</context>
<context>
    <name>cipherwatt::gui::DutForm</name>
    <message>
        <source>Device Under Test</source>
        <translation>피측정 장치(DUT)</translation>
    </message>
    <message>
        <source>Cipher plugins (shared libraries built against cipherwatt/cipher_plugin.h) the worker loads; their ciphers appear in the plan with the backend plugin:&lt;name&gt;.</source>
        <translation>워커가 불러오는 암호 플러그인(cipherwatt/cipher_plugin.h로 빌드한 공유 라이브러리). 그 암호는 계획에 백엔드 plugin:&lt;name&gt;으로 나타납니다.</translation>
    </message>
    <message>
        <source>Add…</source>
        <translation>추가…</translation>
    </message>
    <message>
        <source>Add a cipher plugin (.so)</source>
        <translation>암호 플러그인(.so) 추가</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>제거</translation>
    </message>
    <message>
        <source>Remove the selected plugin</source>
        <translation>선택한 플러그인 제거</translation>
    </message>
    <message>
        <source>Cipher Plugin</source>
        <translation>암호 플러그인</translation>
    </message>
    <message>
        <source>Shared libraries (*.so);;All files (*)</source>
        <translation>공유 라이브러리 (*.so);;모든 파일 (*)</translation>
    </message>
    <message>
        <source>Plugins:</source>
        <translation>플러그인:</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>점검</translation>
    </message>
    <message>
        <source>Start the worker on the DUT and show its CPU, kernel, governor, version and known-answer self-test.</source>
        <translation>DUT에서 워커를 시작하고 CPU, 커널, 거버너, 버전, 기지 답 자가시험 결과를 보여 줍니다.</translation>
    </message>
    <message>
        <source>Check reads the DUT&apos;s ciphers and backends.</source>
        <translation>점검을 누르면 DUT의 암호와 백엔드를 읽습니다.</translation>
    </message>
    <message>
        <source>DUT: %1.</source>
        <translation>DUT: %1.</translation>
    </message>
    <message>
        <source>Starting the worker on %1…</source>
        <translation>%1에서 워커를 시작하는 중…</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%1&lt;/b&gt;, %n logical cores, %2&lt;br&gt;%3&lt;br&gt;governor: %4&lt;br&gt;worker: cipherwatt-bench %5</source>
        <translation>
            <numerusform>&lt;b&gt;%1&lt;/b&gt;, 논리 코어 %n개, %2&lt;br&gt;%3&lt;br&gt;거버너: %4&lt;br&gt;워커: cipherwatt-bench %5</numerusform>
        </translation>
    </message>
    <message>
        <source>no cpufreq (the governor cannot be pinned here)</source>
        <translation>cpufreq 없음 (여기서는 거버너를 고정할 수 없음)</translation>
    </message>
    <message>
        <source>Running the known-answer self-test…</source>
        <translation>기지 답 자가시험을 실행하는 중…</translation>
    </message>
    <message numerus="yes">
        <source>self-test: passed (%n cipher/backend pairs)</source>
        <translation>
            <numerusform>자가시험: 통과 (암호/백엔드 쌍 %n개)</numerusform>
        </translation>
    </message>
    <message>
        <source>self-test: %1 FAILED</source>
        <translation>자가시험: %1 실패</translation>
    </message>
    <message>
        <source>cipherwatt-bench was not found beside this program or on PATH.</source>
        <translation>이 프로그램과 같은 폴더나 PATH에서 cipherwatt-bench를 찾지 못했습니다.</translation>
    </message>
    <message>
        <source>The worker did not list its ciphers: %1</source>
        <translation>워커가 암호 목록을 내놓지 않았습니다: %1</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;, %2&lt;br&gt;firmware: CipherWatt %3, build %4&lt;br&gt;governor: none (a microcontroller has none)</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;, %2&lt;br&gt;펌웨어: CipherWatt %3, 빌드 %4&lt;br&gt;거버너: 없음 (마이크로컨트롤러에는 거버너가 없음)</translation>
    </message>
</context>
<context>
    <name>cipherwatt::gui::ExportDialog</name>
    <message numerus="yes">
        <source>Export %n Sessions</source>
        <translation>
            <numerusform>세션 %n개 내보내기</numerusform>
        </translation>
    </message>
    <message>
        <source>Export Session %1</source>
        <translation>세션 %1 내보내기</translation>
    </message>
    <message>
        <source>Sessions %1.</source>
        <translation>세션 %1.</translation>
    </message>
    <message>
        <source>Session %1 “%2”.</source>
        <translation>세션 %1 “%2”.</translation>
    </message>
    <message>
        <source>PDF report</source>
        <translation>PDF 보고서</translation>
    </message>
    <message>
        <source>One report per session: set-up, results with their 95 % intervals, charts and the power trace; the session id is added to the file name</source>
        <translation>세션마다 보고서 하나: 설정, 95 % 구간을 포함한 결과, 차트, 전력 추이. 파일 이름에 세션 ID가 붙습니다</translation>
    </message>
    <message>
        <source>The session&apos;s report: set-up, results with their 95 % intervals, charts and the power trace</source>
        <translation>세션 보고서: 설정, 95 % 구간을 포함한 결과, 차트, 전력 추이</translation>
    </message>
    <message>
        <source>PDF files (*.pdf)</source>
        <translation>PDF 파일 (*.pdf)</translation>
    </message>
    <message>
        <source>One report per session: %1, …</source>
        <translation>세션마다 보고서 하나: %1, …</translation>
    </message>
    <message>
        <source>Runs CSV</source>
        <translation>실행 CSV</translation>
    </message>
    <message>
        <source>One row per run with every result and its 95 % interval, units in the header</source>
        <translation>실행마다 한 행, 모든 결과와 95 % 구간, 머리글에 단위</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV 파일 (*.csv)</translation>
    </message>
    <message>
        <source>Samples CSV</source>
        <translation>샘플 CSV</translation>
    </message>
    <message>
        <source>Every meter update (100 ms) of the sessions: large for long sessions</source>
        <translation>세션의 모든 전력계 갱신(100 ms): 긴 세션은 파일이 큽니다</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>내보내기</translation>
    </message>
    <message>
        <source>Write the chosen files</source>
        <translation>고른 파일을 씁니다</translation>
    </message>
    <message>
        <source>Close without exporting</source>
        <translation>내보내지 않고 닫습니다</translation>
    </message>
    <message>
        <source>Where the file is written</source>
        <translation>파일을 쓸 위치</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>찾아보기…</translation>
    </message>
    <message>
        <source>Choose the file in a file dialog</source>
        <translation>파일 대화 상자에서 파일을 고릅니다</translation>
    </message>
    <message>
        <source>Save %1</source>
        <translation>%1 저장</translation>
    </message>
    <message>
        <source>The folder %1 does not exist.</source>
        <translation>폴더 %1이(가) 없습니다.</translation>
    </message>
    <message>
        <source>Two of the files have the same name.</source>
        <translation>두 파일의 이름이 같습니다.</translation>
    </message>
    <message>
        <source>Replace Files</source>
        <translation>파일 바꾸기</translation>
    </message>
    <message>
        <source>%1 already exists. Replace it?</source>
        <translation>%1이(가) 이미 있습니다. 바꿀까요?</translation>
    </message>
    <message>
        <source>These files already exist: %1. Replace them?</source>
        <translation>다음 파일이 이미 있습니다: %1. 바꿀까요?</translation>
    </message>
</context>
<context>
    <name>cipherwatt::gui::ExportJob</name>
    <message>
        <source>the report of session %1</source>
        <translation>세션 %1의 보고서</translation>
    </message>
    <message>
        <source>the runs CSV</source>
        <translation>실행 CSV</translation>
    </message>
    <message>
        <source>the samples CSV</source>
        <translation>샘플 CSV</translation>
    </message>
    <message>
        <source>the comparison report</source>
        <translation>비교 보고서</translation>
    </message>
    <message>
        <source>the comparison CSV</source>
        <translation>비교 CSV</translation>
    </message>
    <message>
        <source>reading the sessions</source>
        <translation>세션 읽기</translation>
    </message>
    <message>
        <source>Reading the sessions failed: %1</source>
        <translation>세션을 읽지 못했습니다: %1</translation>
    </message>
    <message>
        <source>session %1 was not read</source>
        <translation>세션 %1을(를) 읽지 못함</translation>
    </message>
    <message>
        <source>Writing %1 failed: %2</source>
        <translation>%1 쓰기 실패: %2</translation>
    </message>
    <message>
        <source>%1
Written before that: %2.</source>
        <translation>%1
그 전에 쓴 파일: %2.</translation>
    </message>
    <message>
        <source>Exported %1 to %2.</source>
        <translation>%1을(를) %2에 내보냈습니다.</translation>
    </message>
    <message numerus="yes">
        <source>Exported %n files to %1.</source>
        <translation>
            <numerusform>파일 %n개를 %1에 내보냈습니다.</numerusform>
        </translation>
    </message>
    <message>
        <source>Open</source>
        <translation>열기</translation>
    </message>
    <message>
        <source>Open %1 with the desktop&apos;s application for it</source>
        <translation>데스크톱의 연결 프로그램으로 %1 열기</translation>
    </message>
    <message>
        <source>Open Folder</source>
        <translation>폴더 열기</translation>
    </message>
    <message>
        <source>Show the folder with the exported files</source>
        <translation>내보낸 파일이 있는 폴더를 보여 줍니다</translation>
    </message>
    <message>
        <source>Exporting %1 (%2 of %3)…</source>
        <translation>%1 내보내는 중 (%2/%3)…</translation>
    </message>
</context>
<context>
    <name>cipherwatt::gui::FactorTable</name>
    <message>
        <source>ISA levels</source>
        <translation>ISA 수준</translation>
    </message>
    <message>
        <source>the worker&apos;s level; e.g. portable, neon</source>
        <translation>워커의 수준. 예: portable, neon</translation>
    </message>
    <message>
        <source>Every cipher run at each instruction-set level (portable, sse2, avx2, avx512, neon), side by side, each compared with the first. The custom code and Botan follow it; OpenSSL keeps the worker&apos;s level.</source>
        <translation>모든 암호 실행을 각 명령어 집합 수준(portable, sse2, avx2, avx512, neon)에서 나란히 측정하고 각각 첫 번째와 비교합니다. 자체 코드와 Botan은 이를 따르고 OpenSSL은 워커의 수준을 유지합니다.</translation>
    </message>
    <message>
        <source>CPU frequencies</source>
        <translation>CPU 주파수</translation>
    </message>
    <message>
        <source>the session&apos;s pinning; e.g. 800MHz, 1.6GHz or 600MHz..1.5GHz/10</source>
        <translation>세션의 고정 설정; 예: 800MHz, 1.6GHz 또는 600MHz..1.5GHz/10</translation>
    </message>
    <message>
        <source>Every run with the CPUs pinned at each frequency, read back, after an idle window at it. A level the DUT refuses is recorded and its runs skipped. Levels of the DUT&apos;s frequency table: cipherwatt-bench governor show.</source>
        <translation>모든 실행을 CPU를 각 주파수에 고정하고 다시 읽은 뒤, 그 주파수의 유휴 구간 다음에 측정합니다. DUT가 거부한 수준은 기록되고 그 실행은 건너뜁니다. DUT 주파수 표의 수준: cipherwatt-bench governor show.</translation>
    </message>
    <message>
        <source>CPU governors</source>
        <translation>CPU 거버너</translation>
    </message>
    <message>
        <source>the session&apos;s pinning; e.g. performance, schedutil</source>
        <translation>세션의 고정; 예: performance, schedutil</translation>
    </message>
    <message>
        <source>Every run under each governor (performance, powersave, userspace, ondemand, conservative, schedutil), pinned and read back, after an idle window under it; each compared with the first. Not with CPU frequencies.</source>
        <translation>모든 실행을 각 거버너(performance, powersave, userspace, ondemand, conservative, schedutil)에서 고정하고 다시 읽은 뒤, 그 거버너의 유휴 구간 다음에 측정하고 각각 첫 번째와 비교합니다. CPU 주파수와 함께 쓸 수 없습니다.</translation>
    </message>
    <message>
        <source>Chunking</source>
        <translation>청킹</translation>
    </message>
    <message>
        <source>messages; e.g. message, stream</source>
        <translation>메시지; 예: message, stream</translation>
    </message>
    <message>
        <source>message: every buffer a message of its own (the papers&apos; method); stream: one long message a buffer at a time, the key stream continuing (what openssl speed measures), for stream ciphers and CTR only; other ciphers run as messages alone.</source>
        <translation>message: 버퍼마다 별도의 메시지 (논문의 방법); stream: 하나의 긴 메시지를 버퍼 단위로 처리하며 키 스트림이 이어짐 (openssl speed가 측정하는 방식), 스트림 암호와 CTR만 해당; 다른 암호는 메시지로만 실행됩니다.</translation>
    </message>
    <message>
        <source>Payloads</source>
        <translation>페이로드</translation>
    </message>
    <message>
        <source>random bytes; e.g. random, zeros, file:/data/text.txt</source>
        <translation>임의 바이트; 예: random, zeros, file:/data/text.txt</translation>
    </message>
    <message>
        <source>What every cipher run encrypts, each compared with the first: random bytes, zeros, or the first buffer&apos;s worth of a file on the DUT (absolute path). These ciphers do the same work whatever the data: the results say whether any payload differs.</source>
        <translation>모든 암호 실행이 암호화하는 것, 각각 첫 번째와 비교: 무작위 바이트, 0, 또는 DUT에 있는 파일의 첫 버퍼 분량 (절대 경로). 이 암호들은 데이터와 관계없이 같은 일을 합니다: 결과에 다른 페이로드가 있는지 나옵니다.</translation>
    </message>
    <message>
        <source>Factor</source>
        <translation>요인</translation>
    </message>
    <message>
        <source>Levels (as --vary takes them)</source>
        <translation>수준 (--vary 형식)</translation>
    </message>
    <message>
        <source>How many levels the factor has: each run is made at each (chunking: stream at stream ciphers and CTR only).</source>
        <translation>요인의 수준 수: 각 실행이 수준마다 측정됩니다 (청킹: stream은 스트림 암호와 CTR에서만).</translation>
    </message>
    <message>
        <source>Empty: %1.</source>
        <translation>비어 있으면: %1.</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
</context>
<context>
    <name>cipherwatt::gui::LibraryView</name>
    <message>
        <source>Open</source>
        <translation>열기</translation>
    </message>
    <message>
        <source>Show the session in the live view (Enter or double-click)</source>
        <translation>실시간 보기에 세션을 보여 줍니다 (Enter 또는 더블클릭)</translation>
    </message>
    <message>
        <source>Rename</source>
        <translation>이름 바꾸기</translation>
    </message>
    <message>
        <source>Edit the session&apos;s label in place (F2)</source>
        <translation>세션 레이블을 그 자리에서 편집합니다 (F2)</translation>
    </message>
    <message>
        <source>Edit Notes and Tags…</source>
        <translation>메모와 태그 편집…</translation>
    </message>
    <message>
        <source>Change the notes and tags kept with the session</source>
        <translation>세션에 저장된 메모와 태그를 바꿉니다</translation>
    </message>
    <message>
        <source>Delete…</source>
        <translation>삭제…</translation>
    </message>
    <message>
        <source>Remove the selected sessions with their runs and meter updates (asks first)</source>
        <translation>선택한 세션을 실행 및 전력계 갱신과 함께 삭제합니다 (먼저 확인)</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>내보내기…</translation>
    </message>
    <message>
        <source>Write PDF reports, the runs CSV or the samples CSV of the selected sessions</source>
        <translation>선택한 세션의 PDF 보고서, 실행 CSV, 샘플 CSV를 씁니다</translation>
    </message>
    <message>
        <source>Compare Selected</source>
        <translation>선택 항목 비교</translation>
    </message>
    <message>
        <source>Compare two or more selected sessions side by side</source>
        <translation>선택한 세션 두 개 이상을 나란히 비교합니다</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>새로 고침</translation>
    </message>
    <message>
        <source>Read the session list again (F5)</source>
        <translation>세션 목록을 다시 읽습니다 (F5)</translation>
    </message>
    <message>
        <source>Search label, tags, notes, DUT or operator</source>
        <translation>레이블, 태그, 메모, DUT, 측정자 검색</translation>
    </message>
    <message>
        <source>Shows the sessions whose label, tags, notes, DUT or operator contain every word typed here (Ctrl+F)</source>
        <translation>레이블, 태그, 메모, DUT, 측정자에 여기 입력한 낱말이 모두 들어 있는 세션을 보여 줍니다 (Ctrl+F)</translation>
    </message>
    <message>
        <source>Show only sessions with this status</source>
        <translation>이 상태의 세션만 보여 줍니다</translation>
    </message>
    <message>
        <source>All statuses</source>
        <translation>모든 상태</translation>
    </message>
    <message>
        <source>Status:</source>
        <translation>상태:</translation>
    </message>
    <message>
        <source>Sessions shown, and sessions in the library</source>
        <translation>표시된 세션과 라이브러리의 전체 세션</translation>
    </message>
    <message numerus="yes">
        <source>%n sessions</source>
        <translation>
            <numerusform>세션 %n개</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n sessions</source>
        <translation>
            <numerusform>세션 %n개 중 %1개</numerusform>
        </translation>
    </message>
    <message>
        <source>No session library is open.</source>
        <translation>열린 세션 라이브러리가 없습니다.</translation>
    </message>
    <message>
        <source>No sessions yet: start one from the Measure page.</source>
        <translation>아직 세션이 없습니다. 측정 페이지에서 시작하십시오.</translation>
    </message>
    <message>
        <source>No session matches the search and the status filter.</source>
        <translation>검색어와 상태 필터에 맞는 세션이 없습니다.</translation>
    </message>
    <message>
        <source>Notes and tags of session %1 saved.</source>
        <translation>세션 %1의 메모와 태그를 저장했습니다.</translation>
    </message>
    <message>
        <source>Session %1 “%2” is being measured: stop it on the Measure page before deleting it.</source>
        <translation>세션 %1 “%2”을(를) 측정하는 중입니다. 삭제하기 전에 측정 페이지에서 중지하십시오.</translation>
    </message>
    <message numerus="yes">
        <source>Counting the runs and meter updates of %n sessions…</source>
        <translation>
            <numerusform>세션 %n개의 실행과 전력계 갱신을 세는 중…</numerusform>
        </translation>
    </message>
    <message>
        <source>The sessions to delete cannot be read: %1</source>
        <translation>삭제할 세션을 읽을 수 없습니다: %1</translation>
    </message>
    <message>
        <source>Session %1 deleted.</source>
        <translation>세션 %1을(를) 삭제했습니다.</translation>
    </message>
    <message>
        <source>Sessions deleted: %1.</source>
        <translation>삭제한 세션: %1.</translation>
    </message>
</context>
<context>
    <name>cipherwatt::gui::LivePlot</name>
    <message>
        <source>Power of the DUT over the session. Drag to pan and turn the wheel to zoom the time axis; double-click or press F to follow the newest data.</source>
        <translation>세션 동안 DUT의 전력. 끌어서 이동하고 휠을 돌려 시간 축을 확대/축소합니다. 더블클릭하거나 F를 누르면 최신 데이터를 따라갑니다.</translation>
    </message>
    <message>
        <source>idle baseline %1 W</source>
        <translation>유휴 기준선 %1 W</translation>
    </message>
    <message>
        <source>idle baseline so far %1 W</source>
        <translation>현재까지 유휴 기준선 %1 W</translation>
    </message>
    <message>
        <source>Time since the session started (h:min:s)</source>
        <translation>세션 시작 후 시간 (시:분:초)</translation>
    </message>
    <message>
        <source>Time since the session started (min:s)</source>
        <translation>세션 시작 후 시간 (분:초)</translation>
    </message>
    <message>
        <source>Power P%1 [W]</source>
        <translation>전력 P%1 [W]</translation>
    </message>
    <message>
        <source>U%1 [V]</source>
        <translation>U%1 [V]</translation>
    </message>
    <message>
        <source>I%1 [A]</source>
        <translation>I%1 [A]</translation>
    </message>
    <message>
        <source>%1, since %2</source>
        <translation>%1, %2부터</translation>
    </message>
    <message>
        <source>%1, %2 to %3</source>
        <translation>%1, %2부터 %3까지</translation>
    </message>
    <message numerus="yes">
        <source>Over range: %n updates with a reading beyond the meter&apos;s range (-OL-)</source>
        <translation>
            <numerusform>범위 초과: 전력계 범위를 넘는 값의 갱신 %n회 (-OL-)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>No data: %n updates without a value (the meter shows ------)</source>
        <translation>
            <numerusform>데이터 없음: 값이 없는 갱신 %n회 (전력계에 ------ 표시)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Missed: %n updates not read; the trace is broken there</source>
        <translation>
            <numerusform>누락: 읽지 못한 갱신 %n회. 그 구간에서 추이가 끊깁니다</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Duplicate: %n updates read twice; not counted</source>
        <translation>
            <numerusform>중복: 두 번 읽은 갱신 %n회. 집계하지 않음</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 since the start (%2 s)</source>
        <translation>시작 후 %1 (%2 s)</translation>
    </message>
    <message>
        <source>P%1 %2 W, U%1 %3 V, I%1 %4 A</source>
        <translation>P%1 %2 W, U%1 %3 V, I%1 %4 A</translation>
    </message>
    <message>
        <source>%1 [W]</source>
        <translation>%1 [W]</translation>
    </message>
    <message>
        <source>Power, %1 [W]</source>
        <translation>전력, %1 [W]</translation>
    </message>
</context>
<context>
    <name>cipherwatt::gui::LiveView</name>
    <message>
        <source>Power P%1</source>
        <translation>전력 P%1</translation>
    </message>
    <message>
        <source>Voltage U%1</source>
        <translation>전압 U%1</translation>
    </message>
    <message>
        <source>Current I%1</source>
        <translation>전류 I%1</translation>
    </message>
    <message>
        <source>Power factor λ%1</source>
        <translation>역률 λ%1</translation>
    </message>
    <message numerus="yes">
        <source>%1 (%n warnings in all; hover for the list)</source>
        <translation>
            <numerusform>%1 (경고 모두 %n개. 마우스를 올리면 목록 표시)</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Checking every cipher on the DUT with known answers</source>
        <translation>DUT의 모든 암호를 기지 답으로 점검하는 중</translation>
    </message>
    <message>
        <source>Meter and DUT ready</source>
        <translation>전력계와 DUT 준비됨</translation>
    </message>
    <message>
        <source>Connecting to the meter and the DUT</source>
        <translation>전력계와 DUT에 연결하는 중</translation>
    </message>
    <message>
        <source>pin</source>
        <translation>고정</translation>
    </message>
    <message>
        <source>Pinning the CPU governor</source>
        <translation>CPU 거버너 고정 중</translation>
    </message>
    <message>
        <source>pilot runs</source>
        <translation>예비 실행</translation>
    </message>
    <message>
        <source>pilot</source>
        <translation>예비</translation>
    </message>
    <message>
        <source>Pilot runs to size the runs</source>
        <translation>실행 길이를 정하는 예비 실행</translation>
    </message>
    <message>
        <source>idle baseline</source>
        <translation>유휴 기준선</translation>
    </message>
    <message>
        <source>idle</source>
        <translation>유휴</translation>
    </message>
    <message>
        <source>Idle baseline</source>
        <translation>유휴 기준선</translation>
    </message>
    <message>
        <source>settle</source>
        <translation>안정화</translation>
    </message>
    <message>
        <source>Settling before the next run</source>
        <translation>다음 실행 전 안정화</translation>
    </message>
    <message>
        <source>run</source>
        <translation>실행</translation>
    </message>
    <message>
        <source>Run: %1</source>
        <translation>실행: %1</translation>
    </message>
    <message>
        <source>idle again</source>
        <translation>다시 유휴</translation>
    </message>
    <message>
        <source>Idle baseline again, to check for drift</source>
        <translation>드리프트 확인용 두 번째 유휴 기준선</translation>
    </message>
    <message>
        <source>restore</source>
        <translation>복원</translation>
    </message>
    <message>
        <source>Restoring the CPU governor</source>
        <translation>CPU 거버너 복원 중</translation>
    </message>
    <message>
        <source>Run %1 of %2: %3/%4 %5, %6 B, repeat %7 of %8</source>
        <translation>실행 %1/%2: %3/%4 %5, %6 B, 반복 %7/%8</translation>
    </message>
    <message>
        <source>Run %1 of %2: %3/%4 %5, %6 B</source>
        <translation>실행 %1/%2: %3/%4 %5, %6 B</translation>
    </message>
    <message>
        <source>Complete</source>
        <translation>완료</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>취소됨</translation>
    </message>
    <message>
        <source>Interrupted</source>
        <translation>중단됨</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>실패</translation>
    </message>
    <message>
        <source>Not finished</source>
        <translation>끝나지 않음</translation>
    </message>
    <message>
        <source>No session</source>
        <translation>세션 없음</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>취소하는 중…</translation>
    </message>
    <message>
        <source>Preparing…</source>
        <translation>준비하는 중…</translation>
    </message>
    <message>
        <source>Pinning the governor…</source>
        <translation>거버너 고정 중…</translation>
    </message>
    <message>
        <source>Pilot runs</source>
        <translation>예비 실행</translation>
    </message>
    <message>
        <source>Settling</source>
        <translation>안정화</translation>
    </message>
    <message>
        <source>Run %1 of %2</source>
        <translation>실행 %1/%2</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>실행</translation>
    </message>
    <message>
        <source>Idle baseline again</source>
        <translation>두 번째 유휴 기준선</translation>
    </message>
    <message>
        <source>Restoring the governor…</source>
        <translation>거버너 복원 중…</translation>
    </message>
    <message>
        <source>Untitled session</source>
        <translation>제목 없는 세션</translation>
    </message>
    <message>
        <source>operator %1</source>
        <translation>측정자 %1</translation>
    </message>
    <message>
        <source>meter %1, element %2</source>
        <translation>전력계 %1, 엘리먼트 %2</translation>
    </message>
    <message>
        <source>DUT %1</source>
        <translation>DUT %1</translation>
    </message>
    <message>
        <source>What the session is doing now, or how it ended</source>
        <translation>세션이 지금 하는 일, 또는 끝난 방식</translation>
    </message>
    <message>
        <source>Waiting for the meter</source>
        <translation>전력계를 기다리는 중</translation>
    </message>
    <message>
        <source>%1 W over the idle baseline</source>
        <translation>유휴 기준선보다 %1 W 높음</translation>
    </message>
    <message>
        <source>At the newest meter update</source>
        <translation>최신 전력계 갱신 기준</translation>
    </message>
    <message numerus="yes">
        <source>Final, %n updates</source>
        <translation>
            <numerusform>최종, 갱신 %n회</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>So far, %n updates</source>
        <translation>
            <numerusform>현재까지 갱신 %n회</numerusform>
        </translation>
    </message>
    <message>
        <source>Not measured yet</source>
        <translation>아직 측정 안 됨</translation>
    </message>
    <message>
        <source>No run yet</source>
        <translation>아직 실행 없음</translation>
    </message>
    <message numerus="yes">
        <source>%n runs planned</source>
        <translation>
            <numerusform>계획된 실행 %n회</numerusform>
        </translation>
    </message>
    <message>
        <source>%1/%2 %3, %4 B</source>
        <translation>%1/%2 %3, %4 B</translation>
    </message>
    <message>
        <source>%1, repeat %2 of %3</source>
        <translation>%1, 반복 %2/%3</translation>
    </message>
    <message>
        <source>%1
Failed: %2</source>
        <translation>%1
실패: %2</translation>
    </message>
    <message>
        <source>Set by iterations</source>
        <translation>반복 횟수로 정함</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>완료</translation>
    </message>
    <message>
        <source>Session ended: %1</source>
        <translation>세션 종료: %1</translation>
    </message>
    <message>
        <source>%1 in all</source>
        <translation>모두 %1</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>%1 %, about %2 left</source>
        <translation>%1 %, 약 %2 남음</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>over range</source>
        <translation>범위 초과</translation>
    </message>
    <message>
        <source>no data</source>
        <translation>데이터 없음</translation>
    </message>
    <message>
        <source>missed updates</source>
        <translation>누락된 갱신</translation>
    </message>
    <message>
        <source>duplicates</source>
        <translation>중복</translation>
    </message>
    <message>
        <source>Cancel Session</source>
        <translation>세션 취소</translation>
    </message>
    <message>
        <source>Cancel the running session?</source>
        <translation>실행 중인 세션을 취소할까요?</translation>
    </message>
    <message>
        <source>The current run stops, the CPU governor is restored and everything measured so far is kept. The session is stored as cancelled.</source>
        <translation>현재 실행이 멈추고 CPU 거버너가 복원되며, 지금까지 측정한 것은 모두 보존됩니다. 세션은 취소됨으로 저장됩니다.</translation>
    </message>
    <message>
        <source>Keep Running</source>
        <translation>계속 실행</translation>
    </message>
    <message>
        <source>The session&apos;s label</source>
        <translation>세션 레이블</translation>
    </message>
    <message>
        <source>Simulated meter</source>
        <translation>모의 전력계</translation>
    </message>
    <message>
        <source>The readings come from CipherWatt&apos;s simulated WT332, not from a real meter: they show that the method works, not what the DUT draws.</source>
        <translation>측정값은 실제 전력계가 아니라 CipherWatt의 모의 WT332에서 나옵니다. 방법이 작동함을 보여 줄 뿐, DUT가 소비하는 전력이 아닙니다.</translation>
    </message>
    <message>
        <source>Follow</source>
        <translation>따라가기</translation>
    </message>
    <message>
        <source>Scroll with the newest data (F). Dragging or zooming the plot stops following; double-click the plot to follow again.</source>
        <translation>최신 데이터를 따라 스크롤합니다 (F). 그래프를 끌거나 확대/축소하면 따라가기가 멈추고, 그래프를 더블클릭하면 다시 따라갑니다.</translation>
    </message>
    <message>
        <source>Last 30 s</source>
        <translation>최근 30초</translation>
    </message>
    <message>
        <source>Last 60 s</source>
        <translation>최근 60초</translation>
    </message>
    <message>
        <source>Last 5 min</source>
        <translation>최근 5분</translation>
    </message>
    <message>
        <source>Last 15 min</source>
        <translation>최근 15분</translation>
    </message>
    <message>
        <source>Whole session</source>
        <translation>세션 전체</translation>
    </message>
    <message>
        <source>How much of the session the plot shows while it follows the newest data</source>
        <translation>최신 데이터를 따라갈 때 그래프에 보여 줄 세션 구간</translation>
    </message>
    <message>
        <source>Show U and I</source>
        <translation>U와 I 표시</translation>
    </message>
    <message>
        <source>Show the DUT element&apos;s voltage and current in two strips under the power</source>
        <translation>전력 아래 두 줄에 DUT 엘리먼트의 전압과 전류를 표시합니다</translation>
    </message>
    <message>
        <source>Meter updates marked on the plot (counts for the whole session). Hover a marker for details.</source>
        <translation>그래프에 표시된 전력계 갱신 (세션 전체 개수). 표시에 마우스를 올리면 자세히 보여 줍니다.</translation>
    </message>
    <message>
        <source>Power</source>
        <translation>전력</translation>
    </message>
    <message>
        <source>Active power of the DUT&apos;s meter element at the newest update</source>
        <translation>최신 갱신에서 DUT 전력계 엘리먼트의 유효 전력</translation>
    </message>
    <message>
        <source>Voltage</source>
        <translation>전압</translation>
    </message>
    <message>
        <source>Voltage (RMS) of the DUT&apos;s meter element at the newest update</source>
        <translation>최신 갱신에서 DUT 전력계 엘리먼트의 전압 (RMS)</translation>
    </message>
    <message>
        <source>Current</source>
        <translation>전류</translation>
    </message>
    <message>
        <source>Current (RMS) of the DUT&apos;s meter element at the newest update</source>
        <translation>최신 갱신에서 DUT 전력계 엘리먼트의 전류 (RMS)</translation>
    </message>
    <message>
        <source>Power factor</source>
        <translation>역률</translation>
    </message>
    <message>
        <source>Power factor λ of the DUT&apos;s meter element</source>
        <translation>DUT 전력계 엘리먼트의 역률 λ</translation>
    </message>
    <message>
        <source>Mean power while the DUT idles: the running mean during the baseline phase, then the runner&apos;s result. Net power is the power of a run minus this.</source>
        <translation>DUT가 유휴 상태일 때의 평균 전력: 기준선 단계 동안은 누적 평균, 그 뒤에는 최종 계산값. 순전력은 실행의 전력에서 이 값을 뺀 것입니다.</translation>
    </message>
    <message>
        <source>Current Run</source>
        <translation>현재 실행</translation>
    </message>
    <message>
        <source>The run the DUT is measuring, or the last one</source>
        <translation>DUT가 측정 중인 실행, 또는 마지막 실행</translation>
    </message>
    <message>
        <source>Time the run has taken so far</source>
        <translation>지금까지 실행에 걸린 시간</translation>
    </message>
    <message>
        <source>Time the run is planned to take still</source>
        <translation>실행에 남은 계획 시간</translation>
    </message>
    <message>
        <source>Bytes the cipher has processed in this run (KB = 1000 B)</source>
        <translation>이 실행에서 암호가 처리한 바이트 (KB = 1000 B)</translation>
    </message>
    <message>
        <source>Bytes processed per second in this run</source>
        <translation>이 실행의 초당 처리 바이트</translation>
    </message>
    <message>
        <source>Elapsed:</source>
        <translation>경과:</translation>
    </message>
    <message>
        <source>Remaining:</source>
        <translation>남은 시간:</translation>
    </message>
    <message>
        <source>Bytes processed:</source>
        <translation>처리한 바이트:</translation>
    </message>
    <message>
        <source>Throughput:</source>
        <translation>처리량:</translation>
    </message>
    <message>
        <source>Progress of the current phase</source>
        <translation>현재 단계의 진행률</translation>
    </message>
    <message>
        <source>Session</source>
        <translation>세션</translation>
    </message>
    <message>
        <source>Progress of the whole session</source>
        <translation>세션 전체의 진행률</translation>
    </message>
    <message>
        <source>Cancel Session…</source>
        <translation>세션 취소…</translation>
    </message>
    <message>
        <source>Stop the session: the current run ends, the CPU governor is restored and what was measured so far is kept</source>
        <translation>세션을 중지합니다: 현재 실행이 끝나고 CPU 거버너가 복원되며, 지금까지 측정한 것은 보존됩니다</translation>
    </message>
    <message>
        <source>Results</source>
        <translation>결과</translation>
    </message>
    <message>
        <source>Medians over repeats; hover a number for its 95 % interval and spread, a status for its flags.</source>
        <translation>반복의 중앙값. 숫자에 마우스를 올리면 95 % 구간과 산포를, 상태에 올리면 플래그를 보여 줍니다.</translation>
    </message>
    <message>
        <source>One row per cipher, backend, operation and buffer size</source>
        <translation>암호, 백엔드, 연산, 버퍼 크기마다 한 행</translation>
    </message>
    <message>
        <source>Monitoring, not recorded</source>
        <translation>모니터링 중, 기록 안 함</translation>
    </message>
    <message>
        <source>Not started</source>
        <translation>시작 안 함</translation>
    </message>
    <message>
        <source>Meter, live</source>
        <translation>전력계, 실시간</translation>
    </message>
    <message>
        <source>nothing is stored: start a session to record</source>
        <translation>아무것도 저장되지 않습니다: 기록하려면 세션을 시작하세요</translation>
    </message>
    <message>
        <source>stored, read-only</source>
        <translation>저장됨, 읽기 전용</translation>
    </message>
    <message>
        <source>Last update: %1 W over idle</source>
        <translation>마지막 갱신: 유휴보다 %1 W 높음</translation>
    </message>
    <message>
        <source>Last update of the session</source>
        <translation>세션의 마지막 갱신</translation>
    </message>
    <message>
        <source>Live, not recorded</source>
        <translation>실시간, 기록 안 함</translation>
    </message>
    <message>
        <source>Last update</source>
        <translation>마지막 갱신</translation>
    </message>
    <message>
        <source>Measured by a session</source>
        <translation>세션이 측정함</translation>
    </message>
    <message>
        <source>Monitoring the meter: nothing is stored</source>
        <translation>전력계 모니터링 중: 아무것도 저장되지 않음</translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n runs measured</source>
        <translation>
            <numerusform>실행 %n회 중 %1회 측정됨</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 cores (%2 % of %3)</source>
        <translation>%1개 코어(%3개 중 %2 %)</translation>
    </message>
    <message>
        <source>baseline %1</source>
        <translation>기준선 %1</translation>
    </message>
    <message>
        <source>baseline %1; run %2</source>
        <translation>기준선 %1; 실행 %2</translation>
    </message>
    <message>
        <source>CPU time used on the DUT by everything but the worker (%1), as cores busy on average. Over %2 cores it shows in the results and is flagged.</source>
        <translation>워커 외의 모든 것이 DUT에서 사용한 CPU 시간(%1)을 평균 사용 코어 수로 나타낸 것입니다. %2개 코어를 넘으면 결과에 나타나며 플래그가 붙습니다.</translation>
    </message>
    <message>
        <source>Other activity on the DUT:</source>
        <translation>DUT의 다른 작업:</translation>
    </message>
    <message>
        <source>CPU time used on the DUT by everything but the worker, as cores busy on average, measured over each phase.</source>
        <translation>워커 외의 모든 것이 DUT에서 사용한 CPU 시간을 평균 사용 코어 수로 나타낸 것으로, 단계마다 측정합니다.</translation>
    </message>
    <message>
        <source>idle window</source>
        <translation>유휴 구간</translation>
    </message>
    <message>
        <source>An idle window between runs: the idle level under the runs around it is interpolated between such windows</source>
        <translation>실행 사이의 유휴 구간: 주변 실행의 유휴 수준을 이러한 구간 사이에서 보간합니다</translation>
    </message>
    <message>
        <source>Idle window before the next run</source>
        <translation>다음 실행 전의 유휴 구간</translation>
    </message>
    <message>
        <source>stabilising</source>
        <translation>안정화 대기</translation>
    </message>
    <message>
        <source>wait</source>
        <translation>대기</translation>
    </message>
    <message>
        <source>Waiting for the idle power to be stable before the baseline</source>
        <translation>기준선 전에 유휴 전력이 안정될 때까지 대기</translation>
    </message>
    <message>
        <source>Waiting for stable idle power</source>
        <translation>유휴 전력 안정 대기</translation>
    </message>
    <message>
        <source>Energy per byte against the CPU frequency (means over repeats, 95 % intervals); each curve&apos;s energy-optimal level ringed</source>
        <translation>CPU 주파수에 따른 바이트당 에너지(반복의 평균, 95 % 구간); 각 곡선의 에너지 최적 수준에 원 표시</translation>
    </message>
    <message>
        <source>Energy per byte against the buffer size, logarithmic (means over repeats, 95 % intervals)</source>
        <translation>버퍼 크기(로그 축)에 따른 바이트당 에너지 (반복 평균, 95 % 구간)</translation>
    </message>
    <message>
        <source>Energy per byte at each instruction-set level beside the first (means over repeats, 95 % intervals), with the ratio</source>
        <translation>각 명령어 집합 수준의 바이트당 에너지를 첫 수준과 나란히 (반복 평균, 95 % 구간), 비율과 함께</translation>
    </message>
    <message>
        <source>Energy per byte with each payload beside the first (means over repeats, 95 % intervals), with the ratio</source>
        <translation>각 페이로드의 바이트당 에너지를 첫 페이로드와 나란히 (반복 평균, 95 % 구간), 비율과 함께</translation>
    </message>
    <message>
        <source>Energy per byte under each CPU governor beside the first (means over repeats, 95 % intervals), with the ratio</source>
        <translation>각 CPU 거버너에서의 바이트당 에너지를 첫 번째와 나란히 (반복 평균, 95 % 구간), 비율과 함께</translation>
    </message>
    <message>
        <source>Energy per byte with each chunking beside the first (means over repeats, 95 % intervals), with the ratio</source>
        <translation>각 청킹의 바이트당 에너지를 첫 번째와 나란히 (반복 평균, 95 % 구간), 비율과 함께</translation>
    </message>
    <message>
        <source>Power (%1)</source>
        <translation>전력 (%1)</translation>
    </message>
    <message>
        <source>meter %1</source>
        <translation>전력계 %1</translation>
    </message>
</context>
<context>
    <name>cipherwatt::gui::MainWindow</name>
    <message>
        <source>&amp;Start Session</source>
        <translation>세션 시작(&amp;S)</translation>
    </message>
    <message>
        <source>Start a session with the connections and set-up on the Measure page (Ctrl+R, F5)</source>
        <translation>측정 페이지의 연결과 설정으로 세션을 시작합니다 (Ctrl+R, F5)</translation>
    </message>
    <message>
        <source>&amp;Cancel Session</source>
        <translation>세션 취소(&amp;C)</translation>
    </message>
    <message>
        <source>Stop the running session after a confirmation; what was measured is kept and the governor is restored (Ctrl+.)</source>
        <translation>확인을 받은 뒤 실행 중인 세션을 중지합니다. 측정한 것은 보존되고 거버너는 복원됩니다 (Ctrl+.)</translation>
    </message>
    <message>
        <source>&amp;Export…</source>
        <translation>내보내기(&amp;E)…</translation>
    </message>
    <message>
        <source>Write PDF and CSV reports of the session shown, the sessions selected in the library, or the comparison (Ctrl+E)</source>
        <translation>표시된 세션, 라이브러리에서 선택한 세션, 또는 비교의 PDF·CSV 보고서를 씁니다 (Ctrl+E)</translation>
    </message>
    <message>
        <source>Co&amp;mpare Selected</source>
        <translation>선택 항목 비교(&amp;M)</translation>
    </message>
    <message>
        <source>Compare the sessions selected in the library side by side (Ctrl+Shift+M)</source>
        <translation>라이브러리에서 선택한 세션을 나란히 비교합니다 (Ctrl+Shift+M)</translation>
    </message>
    <message>
        <source>Open &amp;Database…</source>
        <translation>데이터베이스 열기(&amp;D)…</translation>
    </message>
    <message>
        <source>Use another session database file</source>
        <translation>다른 세션 데이터베이스 파일을 씁니다</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>끝내기(&amp;Q)</translation>
    </message>
    <message>
        <source>Measure</source>
        <translation>측정</translation>
    </message>
    <message>
        <source>Library</source>
        <translation>라이브러리</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>비교</translation>
    </message>
    <message>
        <source>Connect the meter and the DUT, set up a session, watch it live</source>
        <translation>전력계와 DUT를 연결하고, 세션을 설정하고, 실시간으로 지켜봅니다</translation>
    </message>
    <message>
        <source>Every stored session: open, rename, tag, delete, export</source>
        <translation>저장된 모든 세션: 열기, 이름 바꾸기, 태그, 삭제, 내보내기</translation>
    </message>
    <message>
        <source>Two or more sessions side by side</source>
        <translation>둘 이상의 세션을 나란히</translation>
    </message>
    <message>
        <source>Session</source>
        <translation>세션</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>파일(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Session</source>
        <translation>세션(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>보기(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Measure</source>
        <translation>측정(&amp;M)</translation>
    </message>
    <message>
        <source>&amp;Library</source>
        <translation>라이브러리(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Compare</source>
        <translation>비교(&amp;C)</translation>
    </message>
    <message>
        <source>Se&amp;ttings</source>
        <translation>설정(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>언어(&amp;L)</translation>
    </message>
    <message>
        <source>The language of the window; it changes when CipherWatt starts again</source>
        <translation>창의 언어. CipherWatt를 다시 시작하면 바뀝니다</translation>
    </message>
    <message>
        <source>System Default</source>
        <translation>시스템 기본값</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>도움말(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;About CipherWatt</source>
        <translation>CipherWatt 정보(&amp;A)</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>Qt 정보(&amp;Q)</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>준비</translation>
    </message>
    <message>
        <source>Simulated meter</source>
        <translation>모의 전력계</translation>
    </message>
    <message>
        <source>The meter is the simulator: everything measured is marked as simulated</source>
        <translation>전력계가 시뮬레이터입니다. 측정한 모든 값은 모의로 표시됩니다</translation>
    </message>
    <message numerus="yes">
        <source>Running: %n run(s) planned</source>
        <translation>
            <numerusform>실행 중: 계획된 실행 %n회</numerusform>
        </translation>
    </message>
    <message>
        <source>Session database: %1</source>
        <translation>세션 데이터베이스: %1</translation>
    </message>
    <message>
        <source>The session set-up has problems; each is shown next to its field.</source>
        <translation>세션 설정에 문제가 있습니다. 각 문제는 해당 항목 옆에 표시됩니다.</translation>
    </message>
    <message>
        <source>Preparing “%1”…</source>
        <translation>“%1” 준비하는 중…</translation>
    </message>
    <message>
        <source>Cancel Session</source>
        <translation>세션 취소</translation>
    </message>
    <message>
        <source>Stop the running session? What was measured so far is kept, marked as cancelled, and the governor is restored.</source>
        <translation>실행 중인 세션을 중지할까요? 지금까지 측정한 것은 취소됨으로 표시되어 보존되고, 거버너는 복원됩니다.</translation>
    </message>
    <message>
        <source>Cancelling: restoring the DUT…</source>
        <translation>취소하는 중: DUT 복원 중…</translation>
    </message>
    <message>
        <source>Session complete</source>
        <translation>세션 완료</translation>
    </message>
    <message>
        <source>Session cancelled</source>
        <translation>세션 취소됨</translation>
    </message>
    <message>
        <source>Session interrupted: %1</source>
        <translation>세션 중단됨: %1</translation>
    </message>
    <message>
        <source>Session failed: %1</source>
        <translation>세션 실패: %1</translation>
    </message>
    <message>
        <source>A session is running; open stored sessions when it has ended.</source>
        <translation>세션이 실행 중입니다. 끝난 뒤에 저장된 세션을 여십시오.</translation>
    </message>
    <message>
        <source>Session Database</source>
        <translation>세션 데이터베이스</translation>
    </message>
    <message>
        <source>CipherWatt sessions (*.sqlite);;All files (*)</source>
        <translation>CipherWatt 세션 (*.sqlite);;모든 파일 (*)</translation>
    </message>
    <message>
        <source>About CipherWatt</source>
        <translation>CipherWatt 정보</translation>
    </message>
    <message>
        <source>&lt;h3&gt;CipherWatt %1&lt;/h3&gt;&lt;p&gt;Measures what encryption costs in energy with a Yokogawa WT300 power meter.&lt;/p&gt;&lt;p&gt;Licensed under the GNU General Public License, version 3 or later. Plots by QCustomPlot; ciphers by Botan, OpenSSL and CipherWatt&apos;s own implementations.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;CipherWatt %1&lt;/h3&gt;&lt;p&gt;Yokogawa WT300 전력계로 암호화에 드는 에너지를 측정합니다.&lt;/p&gt;&lt;p&gt;GNU 일반 공중 사용 허가서(GPL) 버전 3 이상으로 배포됩니다. 그래프: QCustomPlot. 암호: Botan, OpenSSL, CipherWatt 자체 구현.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>The language changes when CipherWatt starts again.</source>
        <translation>CipherWatt를 다시 시작하면 언어가 바뀝니다.</translation>
    </message>
    <message>
        <source>Quit CipherWatt</source>
        <translation>CipherWatt 끝내기</translation>
    </message>
    <message>
        <source>A session is running. Cancel it and quit? What was measured so far is kept, and the governor is restored first.</source>
        <translation>세션이 실행 중입니다. 취소하고 끝낼까요? 지금까지 측정한 것은 보존되며, 먼저 거버너를 복원합니다.</translation>
    </message>
    <message>
        <source>The runs the plan makes and about how long the session takes: baselines, runs, settling and pilot runs, counted as the session&apos;s progress counts them</source>
        <translation>계획이 만드는 실행과 세션에 걸리는 대략의 시간: 기준선, 실행, 안정화, 예비 실행을 세션 진행률과 같은 방식으로 셈</translation>
    </message>
    <message>
        <source>Throughput in the Paper&apos;s &amp;KB/s</source>
        <translation>처리량을 논문의 KB/s로(&amp;K)</translation>
    </message>
    <message>
        <source>Show throughput as the first paper&apos;s tables do, in KB/s with KB = 1000 B, instead of MB/s or GB/s</source>
        <translation>처리량을 MB/s나 GB/s 대신 첫 번째 논문의 표처럼 KB/s(KB = 1000 B)로 표시</translation>
    </message>
    <message>
        <source>The set-up shown is a stored session&apos;s: press Reuse This Set-up or New Session first.</source>
        <translation>표시된 설정은 저장된 세션의 것입니다: 먼저 이 설정 재사용 또는 새 세션을 누르세요.</translation>
    </message>
    <message>
        <source>Stopping the meter&apos;s live view to start the session…</source>
        <translation>세션을 시작하려고 전력계 실시간 보기를 멈추는 중…</translation>
    </message>
    <message>
        <source>%1 cannot be opened: %2</source>
        <translation>%1을(를) 열 수 없습니다: %2</translation>
    </message>
    <message>
        <source>Showing %1, read-only</source>
        <translation>%1 표시 중, 읽기 전용</translation>
    </message>
    <message>
        <source>Reading %1…</source>
        <translation>%1 읽는 중…</translation>
    </message>
    <message>
        <source>No runs planned</source>
        <translation>계획된 실행 없음</translation>
    </message>
    <message numerus="yes">
        <source>%n s</source>
        <translation>
            <numerusform>%n초</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n min</source>
        <translation>
            <numerusform>%n분</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation>%1시간 %2분</translation>
    </message>
    <message numerus="yes">
        <source>%n runs</source>
        <translation>
            <numerusform>실행 %n회</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 · about %2</source>
        <translation>%1 · 약 %2</translation>
    </message>
    <message numerus="yes">
        <source>%1 · at least %2 (%n runs of unknown length)</source>
        <translation>
            <numerusform>%1 · 최소 %2 (길이를 모르는 실행 %n회)</numerusform>
        </translation>
    </message>
    <message>
        <source>Connect to &amp;Lab Database…</source>
        <translation>연구실 데이터베이스에 연결(&amp;L)…</translation>
    </message>
    <message>
        <source>Use a shared PostgreSQL database (postgresql://user@host/database)</source>
        <translation>공유 PostgreSQL 데이터베이스 사용 (postgresql://user@host/database)</translation>
    </message>
    <message>
        <source>Lab Database</source>
        <translation>연구실 데이터베이스</translation>
    </message>
    <message>
        <source>Not a postgresql:// URI: %1</source>
        <translation>postgresql:// URI가 아님: %1</translation>
    </message>
    <message>
        <source>, plus up to %1 waiting for the DUT before the baseline</source>
        <translation>, 기준선 전 DUT 대기 최대 %1 추가</translation>
    </message>
    <message>
        <source>PostgreSQL URI (postgresql://user@host[:port]/database[?sslmode=require]); the password is read from ~/.pgpass, or asked for:</source>
        <translation>PostgreSQL URI(postgresql://user@host[:port]/database[?sslmode=require]). 암호는 ~/.pgpass에서 읽거나 묻습니다:</translation>
    </message>
</context>
<context>
    <name>cipherwatt::gui::MessageBar</name>
    <message>
        <source>Progress of the work under way</source>
        <translation>진행 중인 작업의 진행률</translation>
    </message>
    <message>
        <source>Dismiss this message</source>
        <translation>이 메시지 닫기</translation>
    </message>
</context>
<context>
    <name>cipherwatt::gui::MeterForm</name>
    <message>
        <source>Power Meter</source>
        <translation>전력계</translation>
    </message>
    <message>
        <source>The meter element (input) that powers the DUT. A WT332 has elements 1 and 3.</source>
        <translation>DUT에 전원을 공급하는 전력계 엘리먼트(입력). WT332에는 엘리먼트 1과 3이 있습니다.</translation>
    </message>
    <message>
        <source>DUT element:</source>
        <translation>DUT 엘리먼트:</translation>
    </message>
    <message>
        <source>Probe</source>
        <translation>연결 확인</translation>
    </message>
    <message>
        <source>No USB meter is selected: attach one and press Rescan.</source>
        <translation>선택된 USB 전력계가 없습니다. 연결한 뒤 [다시 검색]을 누르십시오.</translation>
    </message>
    <message>
        <source>Power meter: %1.</source>
        <translation>전력계: %1.</translation>
    </message>
    <message>
        <source>Connecting to %1…</source>
        <translation>%1에 연결하는 중…</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>중지</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1 %2&lt;/b&gt;, serial %3, firmware %4</source>
        <translation>&lt;b&gt;%1 %2&lt;/b&gt;, 일련번호 %3, 펌웨어 %4</translation>
    </message>
    <message>
        <source>Simulated meter</source>
        <translation>모의 전력계</translation>
    </message>
    <message>
        <source>The %1 has no element %2 (it has %3).</source>
        <translation>%1에는 엘리먼트 %2이(가) 없습니다 (있는 엘리먼트: %3).</translation>
    </message>
    <message>
        <source>Connect to the meter and show its identity and live values, here and in the live view, until Stop or a session starts (nothing is stored).</source>
        <translation>전력계에 연결해 식별 정보와 실시간 값을 여기와 실시간 보기에 표시합니다. 중지하거나 세션이 시작될 때까지 계속됩니다 (아무것도 저장되지 않음).</translation>
    </message>
    <message>
        <source>As set on the meter</source>
        <translation>전력계 설정대로</translation>
    </message>
    <message>
        <source>Auto-range</source>
        <translation>자동 레인지</translation>
    </message>
    <message>
        <source>The range advisor chooses the ranges: set them to Auto-range or As set.</source>
        <translation>레인지 권고가 레인지를 고릅니다: 자동 레인지나 전력계 설정대로로 두십시오.</translation>
    </message>
    <message>
        <source>RMS</source>
        <translation>RMS</translation>
    </message>
    <message>
        <source>Voltage mean (VMEAN)</source>
        <translation>전압 평균 (VMEAN)</translation>
    </message>
    <message>
        <source>DC</source>
        <translation>DC</translation>
    </message>
    <message>
        <source>The meter&apos;s measurement mode; its accuracy for DC or for 45-66 Hz mains follows from it.</source>
        <translation>전력계의 측정 모드. DC 또는 45-66 Hz 상용 전원의 정확도가 이에 따라 정해집니다.</translation>
    </message>
    <message>
        <source>Mode:</source>
        <translation>모드:</translation>
    </message>
    <message>
        <source>A fixed range for the session. Auto-range makes results unfit for publication: a session on it is refused unless allowed below.</source>
        <translation>세션의 고정 레인지. 자동 레인지에서는 결과를 발표에 쓸 수 없어, 아래에서 허용하지 않으면 세션이 거부됩니다.</translation>
    </message>
    <message>
        <source>Voltage range:</source>
        <translation>전압 레인지:</translation>
    </message>
    <message>
        <source>Current range:</source>
        <translation>전류 레인지:</translation>
    </message>
    <message>
        <source>Fix the ranges with the range advisor</source>
        <translation>레인지 권고로 레인지 고정</translation>
    </message>
    <message>
        <source>The pilot runs (automatic run length) show the load&apos;s peaks; the smallest ranges that hold them with headroom are fixed before the baseline.</source>
        <translation>예비 실행(자동 실행 길이)이 부하의 피크를 보여 주고, 이를 여유를 두고 담는 가장 작은 레인지가 기준선 전에 고정됩니다.</translation>
    </message>
    <message>
        <source>Allow auto-range (every result flagged: not for publication)</source>
        <translation>자동 레인지 허용 (모든 결과에 표시: 발표용 아님)</translation>
    </message>
    <message>
        <source>Read by the DUT&apos;s worker during the session, every 0.1 s (a fuel gauge as often as it refreshes). Not a power meter: its maker specifies no accuracy, so every interval is the statistical part only, and every output names it. From a terminal, &lt;tt&gt;cipherwatt-cli meter probe %1 --dut …&lt;/tt&gt; reads it now.</source>
        <translation>세션 동안 DUT의 워커가 0.1초마다 읽습니다(배터리 잔량계는 갱신될 때마다). 전력계가 아닙니다: 제조사가 정확도를 명시하지 않으므로 모든 구간은 통계적 부분만 포함하며, 모든 출력에 그 이름이 표시됩니다. 터미널에서 &lt;tt&gt;cipherwatt-cli meter probe %1 --dut …&lt;/tt&gt;로 지금 읽을 수 있습니다.</translation>
    </message>
</context>
<context>
    <name>cipherwatt::gui::NotesTagsDialog</name>
    <message>
        <source>Notes and Tags of Session %1</source>
        <translation>세션 %1의 메모와 태그</translation>
    </message>
    <message>
        <source>Free text kept with the session: set-up details, observations</source>
        <translation>세션과 함께 저장되는 자유 텍스트: 설정 세부 사항, 관찰 내용</translation>
    </message>
    <message>
        <source>Notes:</source>
        <translation>메모:</translation>
    </message>
    <message>
        <source>e.g. raspberry-pi, lea-study</source>
        <translation>예: raspberry-pi, lea-study</translation>
    </message>
    <message>
        <source>Tags separated by commas; the library&apos;s search finds sessions by them</source>
        <translation>쉼표로 구분한 태그. 라이브러리 검색에서 태그로 세션을 찾을 수 있습니다</translation>
    </message>
    <message>
        <source>Tags:</source>
        <translation>태그:</translation>
    </message>
    <message>
        <source>In use: %1</source>
        <translation>사용 중: %1</translation>
    </message>
    <message>
        <source>Tags other sessions in this library have</source>
        <translation>이 라이브러리의 다른 세션에 있는 태그</translation>
    </message>
    <message>
        <source>Store the notes and tags</source>
        <translation>메모와 태그를 저장합니다</translation>
    </message>
    <message>
        <source>Close without changing anything</source>
        <translation>아무것도 바꾸지 않고 닫습니다</translation>
    </message>
</context>
<context>
    <name>cipherwatt::gui::PlanBuilder</name>
    <message>
        <source>The first paper&apos;s ciphers (ChaCha20, AES-XTS, Adiantum, CHAM-XTS, LEA-XTS)</source>
        <translation>첫 번째 논문의 암호 (ChaCha20, AES-XTS, Adiantum, CHAM-XTS, LEA-XTS)</translation>
    </message>
    <message>
        <source>The second paper&apos;s ciphers (AES, Blowfish, RC4, RC6, X25519, XXTEA)</source>
        <translation>두 번째 논문의 암호 (AES, Blowfish, RC4, RC6, X25519, XXTEA)</translation>
    </message>
    <message>
        <source>The third paper&apos;s ciphers (AES-ECB, AES-CCM with 8- and 16-byte tags)</source>
        <translation>세 번째 논문의 암호 (AES-ECB, 8·16바이트 태그의 AES-CCM)</translation>
    </message>
    <message>
        <source>The fourth paper&apos;s ciphers (AES, DES, 3DES, RC2, Blowfish, RC6)</source>
        <translation>네 번째 논문의 암호 (AES, DES, 3DES, RC2, Blowfish, RC6)</translation>
    </message>
    <message>
        <source>Plan</source>
        <translation>계획</translation>
    </message>
    <message>
        <source>Filter: aes, xts, openssl…</source>
        <translation>필터: aes, xts, openssl…</translation>
    </message>
    <message>
        <source>Shows the ciphers whose id, family, mode or backend contain every word typed here</source>
        <translation>여기 입력한 모든 단어가 ID, 계열, 모드 또는 백엔드에 들어 있는 암호만 표시</translation>
    </message>
    <message>
        <source>Presets</source>
        <translation>프리셋</translation>
    </message>
    <message>
        <source>The papers&apos; cipher sets, each on the DUT&apos;s preferred backend</source>
        <translation>논문별 암호 묶음, 각각 DUT의 우선 백엔드로</translation>
    </message>
    <message>
        <source>Clear the Plan</source>
        <translation>계획 비우기</translation>
    </message>
    <message>
        <source>Cipher/backend</source>
        <translation>암호/백엔드</translation>
    </message>
    <message>
        <source>Family, mode, key</source>
        <translation>계열, 모드, 키</translation>
    </message>
    <message>
        <source>Tick the ciphers to measure, on the backends the DUT has. The wheel scrolls this list once it has been clicked.</source>
        <translation>DUT에 있는 백엔드에서 측정할 암호를 체크하세요. 목록을 클릭한 뒤에는 휠이 이 목록을 스크롤합니다.</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>빼기</translation>
    </message>
    <message>
        <source>Take the selected ciphers out of the plan (Delete)</source>
        <translation>선택한 암호를 계획에서 빼기 (Delete)</translation>
    </message>
    <message>
        <source>What the session measures, in this order. Select and press Delete, or double-click, to take one out.</source>
        <translation>세션이 이 순서로 측정할 항목. 빼려면 선택 후 Delete를 누르거나 더블클릭하세요.</translation>
    </message>
    <message>
        <source>Encryption</source>
        <translation>암호화</translation>
    </message>
    <message>
        <source>Decryption</source>
        <translation>복호화</translation>
    </message>
    <message>
        <source>Key generation and agreement</source>
        <translation>키 생성과 키 합의</translation>
    </message>
    <message>
        <source>Measure encryption runs.</source>
        <translation>암호화 실행을 측정합니다.</translation>
    </message>
    <message>
        <source>Measure decryption runs (of real ciphertext).</source>
        <translation>(실제 암호문의) 복호화 실행을 측정합니다.</translation>
    </message>
    <message>
        <source>For key agreement (X25519): key generation and agreement runs.</source>
        <translation>키 합의(X25519)용: 키 생성과 키 합의 실행.</translation>
    </message>
    <message>
        <source>External programs, one per line: &lt;i&gt;label&lt;/i&gt;[:&lt;i&gt;bytes&lt;/i&gt;]=&lt;i&gt;program arguments&lt;/i&gt;</source>
        <translation>외부 프로그램, 한 줄에 하나: &lt;i&gt;이름&lt;/i&gt;[:&lt;i&gt;바이트&lt;/i&gt;]=&lt;i&gt;프로그램 인수&lt;/i&gt;</translation>
    </message>
    <message>
        <source>e.g. gzip:104857600=gzip -c -k /data/100MiB.bin</source>
        <translation>예: gzip:104857600=gzip -c -k /data/100MiB.bin</translation>
    </message>
    <message>
        <source>Programs measured as runs like the ciphers: started on the DUT without a shell (quotes group arguments), timed from start to exit. The bytes they process are given here or printed by the program as a line &quot;cipherwatt-bytes: &lt;n&gt;&quot;.</source>
        <translation>암호처럼 실행으로 측정되는 프로그램: DUT에서 셸 없이 시작하며(따옴표로 인수를 묶음), 시작부터 종료까지 시간을 잽니다. 처리하는 바이트 수는 여기에 적거나 프로그램이 &quot;cipherwatt-bytes: &lt;n&gt;&quot; 줄로 출력합니다.</translation>
    </message>
    <message>
        <source>%1, %2, %3-bit</source>
        <translation>%1, %2, %3비트</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1, %2</translation>
    </message>
    <message>
        <source>Nothing chosen yet</source>
        <translation>아직 고른 것 없음</translation>
    </message>
    <message numerus="yes">
        <source>Chosen: %n</source>
        <translation>
            <numerusform>선택: %n개</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n of the preset&apos;s ciphers are not on this DUT.</source>
        <translation>
            <numerusform>프리셋의 암호 중 %n개가 이 DUT에 없습니다.</numerusform>
        </translation>
    </message>
    <message>
        <source>Line %1: %2</source>
        <translation>%1행: %2</translation>
    </message>
    <message>
        <source>Line %1: quote arguments that contain commas.</source>
        <translation>%1행: 쉼표가 들어간 인수는 따옴표로 묶으세요.</translation>
    </message>
    <message>
        <source>The DUT&apos;s ciphers are not known yet: press Check.</source>
        <translation>DUT의 암호를 아직 모릅니다: 점검을 누르세요.</translation>
    </message>
    <message>
        <source>Choose at least one operation.</source>
        <translation>연산을 하나 이상 고르세요.</translation>
    </message>
    <message>
        <source>Tick at least one cipher and backend (with an operation it has).</source>
        <translation>(가진 연산이 있는) 암호와 백엔드를 하나 이상 체크하세요.</translation>
    </message>
</context>
<context>
    <name>cipherwatt::gui::ResourceForm</name>
    <message>
        <source>Browse…</source>
        <translation>찾아보기…</translation>
    </message>
    <message>
        <source>Choose a file</source>
        <translation>파일 선택</translation>
    </message>
    <message>
        <source>Choose a File</source>
        <translation>파일 선택</translation>
    </message>
    <message>
        <source>Rescan</source>
        <translation>다시 검색</translation>
    </message>
    <message>
        <source>Look for attached devices again.</source>
        <translation>연결된 장치를 다시 찾습니다.</translation>
    </message>
    <message>
        <source>Connection:</source>
        <translation>연결:</translation>
    </message>
    <message>
        <source>optional</source>
        <translation>선택 사항</translation>
    </message>
    <message>
        <source>%1 — serial %2 (bus %3, address %4)</source>
        <translation>%1 — 일련번호 %2 (버스 %3, 주소 %4)</translation>
    </message>
    <message>
        <source>Yokogawa meter</source>
        <translation>Yokogawa 전력계</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>알 수 없음</translation>
    </message>
    <message>
        <source>No Yokogawa meter on USB</source>
        <translation>USB에 Yokogawa 전력계 없음</translation>
    </message>
    <message>
        <source>%1 is empty</source>
        <translation>%1이(가) 비어 있음</translation>
    </message>
    <message>
        <source>the file %1 does not exist</source>
        <translation>파일 %1이(가) 없음</translation>
    </message>
    <message>
        <source>The only device attached</source>
        <translation>연결된 유일한 기기</translation>
    </message>
    <message>
        <source>%1 — serial %2 (%3)</source>
        <translation>%1 — 시리얼 %2 (%3)</translation>
    </message>
    <message>
        <source>Android device</source>
        <translation>Android 기기</translation>
    </message>
    <message>
        <source>serial %1 (not attached)</source>
        <translation>시리얼 %1 (연결 안 됨)</translation>
    </message>
</context>
<context>
    <name>cipherwatt::gui::ResultsModel</name>
    <message>
        <source>Not measured</source>
        <translation>측정 안 됨</translation>
    </message>
    <message>
        <source>OK</source>
        <translation>정상</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>95 % interval %1 to %2 %3</source>
        <translation>95 % 구간 %1 ~ %2 %3</translation>
    </message>
    <message numerus="yes">
        <source>Median of %n repeats, which range from %1 to %2 %3</source>
        <translation>
            <numerusform>반복 %n회의 중앙값, 범위 %1 ~ %2 %3</numerusform>
        </translation>
    </message>
    <message>
        <source>Cycles counted with %1</source>
        <translation>%1(으)로 센 사이클</translation>
    </message>
    <message>
        <source>Every run measured, no flags</source>
        <translation>모든 실행 측정됨, 플래그 없음</translation>
    </message>
    <message>
        <source>Cipher</source>
        <translation>암호</translation>
    </message>
    <message>
        <source>Backend</source>
        <translation>백엔드</translation>
    </message>
    <message>
        <source>Operation</source>
        <translation>연산</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>실행</translation>
    </message>
    <message>
        <source>Cycles/byte</source>
        <translation>사이클/바이트</translation>
    </message>
    <message>
        <source>Bytes processed per operation</source>
        <translation>연산당 처리 바이트</translation>
    </message>
    <message>
        <source>Repeats measured (of those planned)</source>
        <translation>측정된 반복 (계획된 반복 중)</translation>
    </message>
    <message>
        <source>Wall time of the measured loop, median over repeats</source>
        <translation>측정 루프의 경과 시간, 반복의 중앙값</translation>
    </message>
    <message>
        <source>Mean power during the run minus the idle baseline, median over repeats</source>
        <translation>실행 중 평균 전력 − 유휴 기준선, 반복의 중앙값</translation>
    </message>
    <message>
        <source>CPU cycles per byte, median over repeats</source>
        <translation>바이트당 CPU 사이클, 반복의 중앙값</translation>
    </message>
    <message numerus="yes">
        <source>%1 (+%n more)</source>
        <translation>
            <numerusform>%1 (외 %n개)</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Run time</source>
        <translation>실행 시간</translation>
    </message>
    <message>
        <source>Net power ± 95 %</source>
        <translation>순전력 ± 95 %</translation>
    </message>
    <message>
        <source>Throughput</source>
        <translation>처리량</translation>
    </message>
    <message>
        <source>Energy/byte ± 95 %</source>
        <translation>바이트당 에너지 ± 95 %</translation>
    </message>
    <message>
        <source>Flags</source>
        <translation>플래그</translation>
    </message>
    <message>
        <source>Bytes processed per second, median over repeats (kB = 1000 B; the paper&apos;s KB/s in Settings)</source>
        <translation>초당 처리 바이트, 반복의 중앙값 (kB = 1000 B, 논문의 KB/s는 설정에서)</translation>
    </message>
    <message>
        <source>Net energy per byte, with its 95 % interval</source>
        <translation>바이트당 순에너지와 95 % 구간</translation>
    </message>
    <message>
        <source>Flags raised by the analysis and runs that gave no result, the most severe first: error, warning, note</source>
        <translation>분석이 남긴 플래그와 결과가 없는 실행, 심각한 것부터: 오류, 경고, 참고</translation>
    </message>
    <message>
        <source>%1 B per operation</source>
        <translation>연산당 %1 B</translation>
    </message>
    <message>
        <source>Buffer</source>
        <translation>버퍼</translation>
    </message>
    <message>
        <source>The meter&apos;s current was not read: no charge</source>
        <translation>전력계의 전류를 읽지 않아 전하가 없습니다</translation>
    </message>
    <message>
        <source>Time/op</source>
        <translation>연산당 시간</translation>
    </message>
    <message>
        <source>Energy/op ± 95 %</source>
        <translation>연산당 에너지 ± 95 %</translation>
    </message>
    <message>
        <source>Charge/op ± 95 %</source>
        <translation>연산당 전하 ± 95 %</translation>
    </message>
    <message>
        <source>Time one operation (one payload) takes, median over repeats</source>
        <translation>연산 하나(페이로드 하나)에 걸리는 시간, 반복의 중앙값</translation>
    </message>
    <message>
        <source>Net energy per operation, with its 95 % interval</source>
        <translation>연산당 순 에너지와 95 % 구간</translation>
    </message>
    <message>
        <source>Net charge per operation (net current × time), with its 95 % interval</source>
        <translation>연산당 순 전하(순 전류 × 시간)와 95 % 구간</translation>
    </message>
    <message>
        <source>Uncertainty budget of the first repeat (standard uncertainties):</source>
        <translation>첫 번째 반복의 불확도 버짓 (표준 불확도):</translation>
    </message>
    <message>
        <source>Uncertainty budget (standard uncertainties):</source>
        <translation>불확도 버짓 (표준 불확도):</translation>
    </message>
    <message>
        <source>combined: %1, %2 degrees of freedom, k = %3</source>
        <translation>합성: %1, 자유도 %2, k = %3</translation>
    </message>
    <message>
        <source>Idle level: %1</source>
        <translation>유휴 수준: %1</translation>
    </message>
    <message>
        <source>Model: %1</source>
        <translation>모델: %1</translation>
    </message>
    <message numerus="yes">
        <source>Mean of %n valid repeats: %1 %2, 95 % interval %3 to %4 %2 (scatter s/√n %5, common to every repeat %6, %7 degrees of freedom)</source>
        <translation>
            <numerusform>유효한 반복 %n회의 평균: %1 %2, 95 % 구간 %3 ~ %4 %2 (산포 s/√n %5, 모든 반복에 공통인 항 %6, 자유도 %7)</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>no ratio</source>
        <translation>비율 없음</translation>
    </message>
    <message numerus="yes">
        <source>%1 %2 (median of %n runs, %3 to %4)</source>
        <translation>
            <numerusform>%1 %2 (%n회 실행의 중앙값, %3 ~ %4)</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 no ratio</source>
        <translation>%1 비율 없음</translation>
    </message>
    <message>
        <source>Source ÷ meter (95 %)</source>
        <translation>소스 ÷ 계측기 (95 %)</translation>
    </message>
    <message>
        <source>No cycles model: %1</source>
        <translation>사이클 모델 없음: %1</translation>
    </message>
    <message>
        <source>The fourth paper&apos;s estimate, not a measurement: E = cycles / f × I × V with %1.
Model: %2 %3 from %4 cycles/byte at %5 MHz (%6).
The ratio&apos;s interval is the measured value&apos;s alone.</source>
        <translation>측정값이 아닌 네 번째 논문의 추정치: E = 사이클 / f × I × V, %1.
모델: %5 MHz (%6)에서 %4 사이클/바이트로부터 %2 %3.
비율의 구간은 측정값의 구간만 반영합니다.</translation>
    </message>
    <message>
        <source>Cycles model ÷ measured (95 %)</source>
        <translation>사이클 모델 ÷ 측정값 (95 %)</translation>
    </message>
</context>
<context>
    <name>cipherwatt::gui::SessionListModel</name>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>The session library cannot be opened</source>
        <translation>세션 라이브러리를 열 수 없습니다</translation>
    </message>
    <message>
        <source>The session library cannot be read</source>
        <translation>세션 라이브러리를 읽을 수 없습니다</translation>
    </message>
    <message>
        <source>Session %1 is not in the library.</source>
        <translation>세션 %1이(가) 라이브러리에 없습니다.</translation>
    </message>
    <message>
        <source>A session needs a label: the label was left as it was.</source>
        <translation>세션에는 레이블이 있어야 합니다. 레이블을 바꾸지 않았습니다.</translation>
    </message>
    <message>
        <source>Renaming failed</source>
        <translation>이름 바꾸기 실패</translation>
    </message>
    <message>
        <source>Saving the notes failed</source>
        <translation>메모 저장 실패</translation>
    </message>
    <message>
        <source>Saving the tags failed</source>
        <translation>태그 저장 실패</translation>
    </message>
    <message>
        <source>No session library is open.</source>
        <translation>열린 세션 라이브러리가 없습니다.</translation>
    </message>
    <message>
        <source>Session %1 “%2” is being measured: stop it on the Measure page before deleting it.</source>
        <translation>세션 %1 “%2”을(를) 측정하는 중입니다. 삭제하기 전에 측정 페이지에서 중지하십시오.</translation>
    </message>
    <message>
        <source>Deleting session %1 failed</source>
        <translation>세션 %1 삭제 실패</translation>
    </message>
    <message>
        <source>Simulated: %1</source>
        <translation>모의: %1</translation>
    </message>
    <message>
        <source>Operator: %1</source>
        <translation>측정자: %1</translation>
    </message>
    <message>
        <source>Notes: %1</source>
        <translation>메모: %1</translation>
    </message>
    <message>
        <source>%1
Simulated meter: the power values of this session are modelled, not measured.</source>
        <translation>%1
모의 전력계: 이 세션의 전력값은 측정값이 아니라 모델링한 값입니다.</translation>
    </message>
    <message numerus="yes">
        <source>%n planned runs</source>
        <translation>
            <numerusform>계획된 실행 %n회</numerusform>
        </translation>
    </message>
    <message>
        <source>Label</source>
        <translation>레이블</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>시작</translation>
    </message>
    <message>
        <source>DUT</source>
        <translation>DUT</translation>
    </message>
    <message>
        <source>Meter</source>
        <translation>전력계</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>상태</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>실행</translation>
    </message>
    <message>
        <source>Tags</source>
        <translation>태그</translation>
    </message>
    <message>
        <source>The session&apos;s label; press F2 to rename it</source>
        <translation>세션 레이블. F2를 누르면 이름을 바꿉니다</translation>
    </message>
    <message>
        <source>The device under test that ran the ciphers</source>
        <translation>암호를 실행한 피측정 장치</translation>
    </message>
    <message>
        <source>The power meter; sessions with the simulated meter are marked</source>
        <translation>전력계. 모의 전력계로 측정한 세션은 표시됩니다</translation>
    </message>
    <message>
        <source>Complete, cancelled, interrupted, failed, or still running</source>
        <translation>완료, 취소됨, 중단됨, 실패, 또는 실행 중</translation>
    </message>
    <message>
        <source>Planned cipher runs</source>
        <translation>계획된 암호 실행</translation>
    </message>
    <message>
        <source>Tags given to the session</source>
        <translation>세션에 붙인 태그</translation>
    </message>
    <message>
        <source>Started %1 (%2)</source>
        <translation>시작 %1 (%2)</translation>
    </message>
    <message>
        <source>Id</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>The session&apos;s identifier, as reports and the command line name it</source>
        <translation>보고서와 명령줄이 쓰는 세션 식별자</translation>
    </message>
    <message>
        <source>When the session started: local time and its offset from UTC</source>
        <translation>세션 시작 시각: 현지 시간과 UTC와의 차이</translation>
    </message>
</context>
<context>
    <name>cipherwatt::gui::SetupPanel</name>
    <message>
        <source>Session</source>
        <translation>세션</translation>
    </message>
    <message>
        <source>e.g. LEA vs AES, laptop, governor performance</source>
        <translation>예: LEA 대 AES, 노트북, 거버너 performance</translation>
    </message>
    <message>
        <source>A name for the session, shown in the library and on reports.</source>
        <translation>라이브러리와 보고서에 표시되는 세션 이름.</translation>
    </message>
    <message>
        <source>Label:</source>
        <translation>레이블:</translation>
    </message>
    <message>
        <source>Who measures (on reports).</source>
        <translation>측정하는 사람 (보고서에 표시).</translation>
    </message>
    <message>
        <source>Operator:</source>
        <translation>측정자:</translation>
    </message>
    <message>
        <source>comma separated, e.g. x86, paper-1</source>
        <translation>쉼표로 구분, 예: x86, paper-1</translation>
    </message>
    <message>
        <source>Tags for finding the session in the library.</source>
        <translation>라이브러리에서 세션을 찾기 위한 태그.</translation>
    </message>
    <message>
        <source>Tags:</source>
        <translation>태그:</translation>
    </message>
    <message>
        <source>Notes kept with the session (set-up details, observations).</source>
        <translation>세션과 함께 저장되는 메모 (설정 세부 사항, 관찰 내용).</translation>
    </message>
    <message>
        <source>Notes:</source>
        <translation>메모:</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>실행</translation>
    </message>
    <message>
        <source>Buffer sizes in bytes, comma separated. Every buffer is one message (its own IV, nonce or tweak).</source>
        <translation>버퍼 크기 (바이트, 쉼표로 구분). 버퍼마다 하나의 메시지입니다 (자체 IV, 논스, 트윅).</translation>
    </message>
    <message>
        <source>Presets</source>
        <translation>사전 설정</translation>
    </message>
    <message>
        <source>The papers&apos; buffer sizes.</source>
        <translation>논문에서 쓴 버퍼 크기.</translation>
    </message>
    <message>
        <source>Buffer sizes:</source>
        <translation>버퍼 크기:</translation>
    </message>
    <message>
        <source>Every run is repeated; repeats are spread over the session.</source>
        <translation>모든 실행을 반복합니다. 반복은 세션 전체에 고르게 배치됩니다.</translation>
    </message>
    <message>
        <source>Repeats:</source>
        <translation>반복:</translation>
    </message>
    <message>
        <source>Automatic, at least</source>
        <translation>자동, 최소</translation>
    </message>
    <message>
        <source>A short pilot run sizes each run to span this many meter updates (100 = 10 s at 100 ms).</source>
        <translation>짧은 예비 실행으로 각 실행이 이만큼의 전력계 갱신에 걸치도록 길이를 정합니다 (100 ms 간격에서 100 = 10초).</translation>
    </message>
    <message>
        <source> updates</source>
        <translation>회 갱신</translation>
    </message>
    <message>
        <source>Iterations</source>
        <translation>반복 횟수</translation>
    </message>
    <message>
        <source>A fixed number of buffers per run (the first paper used 10 000); runs shorter than 100 updates are flagged.</source>
        <translation>실행마다 고정된 버퍼 수 (첫 번째 논문은 10 000). 갱신 100회보다 짧은 실행에는 플래그가 붙습니다.</translation>
    </message>
    <message>
        <source>Seconds</source>
        <translation>초</translation>
    </message>
    <message>
        <source>Each run lasts at least this long.</source>
        <translation>각 실행은 최소 이만큼 지속됩니다.</translation>
    </message>
    <message>
        <source> s</source>
        <translation>초</translation>
    </message>
    <message>
        <source>Run length:</source>
        <translation>실행 길이:</translation>
    </message>
    <message>
        <source>The DUT idles this long before the runs; its mean power is subtracted from every run.</source>
        <translation>실행 전에 DUT가 이 시간 동안 유휴 상태로 있습니다. 그 평균 전력을 모든 실행에서 뺍니다.</translation>
    </message>
    <message>
        <source>Paper method (600 s)</source>
        <translation>논문 방법 (600초)</translation>
    </message>
    <message>
        <source>The first paper&apos;s 10-minute idle baseline.</source>
        <translation>첫 번째 논문의 10분 유휴 기준선.</translation>
    </message>
    <message>
        <source>Idle baseline:</source>
        <translation>유휴 기준선:</translation>
    </message>
    <message>
        <source>A pause before every run, to let the DUT settle.</source>
        <translation>실행마다 앞서 DUT가 안정되도록 잠시 쉽니다.</translation>
    </message>
    <message>
        <source>Settle before runs:</source>
        <translation>실행 전 안정화:</translation>
    </message>
    <message>
        <source>Idle again after the runs to measure drift (0: none).</source>
        <translation>드리프트를 재기 위해 실행 뒤 다시 유휴 (0: 없음).</translation>
    </message>
    <message>
        <source>Idle after runs:</source>
        <translation>실행 후 유휴:</translation>
    </message>
    <message>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>Pin the governor to performance</source>
        <translation>거버너를 performance로 고정</translation>
    </message>
    <message>
        <source>Through the worker; read back and recorded. Needs root on the DUT (polkit or sudo); a failure is shown, never silent.</source>
        <translation>워커를 통해 설정하고, 다시 읽어 기록합니다. DUT에서 root 권한(polkit 또는 sudo)이 필요합니다. 실패하면 반드시 표시됩니다.</translation>
    </message>
    <message>
        <source>Fix the frequency (minimum = maximum)</source>
        <translation>주파수 고정 (최소 = 최대)</translation>
    </message>
    <message>
        <source>Pins the minimum frequency to the maximum as well.</source>
        <translation>최소 주파수도 최대 주파수로 고정합니다.</translation>
    </message>
    <message>
        <source>Turn turbo off</source>
        <translation>터보 끄기</translation>
    </message>
    <message>
        <source>Turns turbo/boost off while measuring, where the DUT has it.</source>
        <translation>DUT에 터보/부스트가 있으면 측정 중에 끕니다.</translation>
    </message>
    <message>
        <source>Not pinned</source>
        <translation>고정 안 함</translation>
    </message>
    <message>
        <source>CPU %1</source>
        <translation>CPU %1</translation>
    </message>
    <message>
        <source>The CPU the runs are pinned to.</source>
        <translation>실행을 고정할 CPU.</translation>
    </message>
    <message>
        <source>Runs on:</source>
        <translation>실행 CPU:</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a buffer size: give bytes from 1 to 1 GiB, comma separated.</source>
        <translation>&quot;%1&quot;은(는) 버퍼 크기가 아닙니다. 1바이트에서 1 GiB 사이의 값을 쉼표로 구분해 입력하십시오.</translation>
    </message>
    <message>
        <source>Give at least one buffer size.</source>
        <translation>버퍼 크기를 하나 이상 입력하십시오.</translation>
    </message>
    <message>
        <source>Give the session a label.</source>
        <translation>세션 레이블을 입력하십시오.</translation>
    </message>
    <message>
        <source>4096 B (the first paper)</source>
        <translation>4096 B (첫 번째 논문)</translation>
    </message>
    <message>
        <source>16 B … 16 KiB, powers of two</source>
        <translation>16 B … 16 KiB, 2의 거듭제곱</translation>
    </message>
    <message>
        <source>100, 500, 1500 kB (files, the second paper)</source>
        <translation>100, 500, 1500 kB (파일, 두 번째 논문)</translation>
    </message>
    <message>
        <source>5, 20, 50, 100 B (sensor payloads, the third paper)</source>
        <translation>5, 20, 50, 100 B (센서 페이로드, 세 번째 논문)</translation>
    </message>
    <message>
        <source>Reuse This Set-up</source>
        <translation>이 설정 재사용</translation>
    </message>
    <message>
        <source>Start a new session from this session&apos;s set-up: everything is copied but the label</source>
        <translation>이 세션의 설정으로 새 세션 시작: 이름을 뺀 모든 것을 복사</translation>
    </message>
    <message>
        <source>New Session</source>
        <translation>새 세션</translation>
    </message>
    <message>
        <source>Back to the set-up that was on the form before</source>
        <translation>이전에 양식에 있던 설정으로 돌아가기</translation>
    </message>
    <message numerus="yes">
        <source>%1 already has this label: the new session is told apart by its identifier.</source>
        <translation>
            <numerusform>%1에 이미 이 이름이 있습니다: 새 세션은 식별자로 구별됩니다.</numerusform>
        </translation>
    </message>
    <message>
        <source>The set-up of %1 “%2”, as it was measured (read-only).</source>
        <translation>%1 “%2”의 측정 당시 설정 (읽기 전용).</translation>
    </message>
    <message>
        <source>Wait for a quiet DUT before the baseline (at most %1 s)</source>
        <translation>기준선 전에 DUT가 조용해지기를 기다림(최대 %1초)</translation>
    </message>
    <message>
        <source>Waits until other programs on the DUT keep less than 5 % of one core busy for 3 s; if they never do, the session goes on and the results are flagged.</source>
        <translation>DUT의 다른 프로그램이 3초 동안 코어 하나의 5 % 미만만 사용할 때까지 기다립니다. 그렇게 되지 않으면 세션을 계속 진행하고 결과에 플래그를 붙입니다.</translation>
    </message>
    <message>
        <source>An idle window before every run but the first (0: none). Each run&apos;s idle level is then interpolated between the idle windows around it, so a DUT that warms up during the session is followed.</source>
        <translation>첫 번째를 제외한 모든 실행 전의 유휴 구간 (0: 없음). 각 실행의 유휴 수준은 주변 유휴 구간 사이에서 보간되므로 세션 중 데워지는 DUT를 따라갑니다.</translation>
    </message>
    <message>
        <source>Idle between runs:</source>
        <translation>실행 사이 유휴:</translation>
    </message>
    <message>
        <source>Conservative uncertainty</source>
        <translation>보수적 불확도</translation>
    </message>
    <message>
        <source>Count each reading&apos;s whole accuracy limit independently, as if baseline and runs were read by two unrelated meters. By default the range offset common to both on the same fixed range cancels (docs/method.md).</source>
        <translation>기준선과 실행을 서로 무관한 두 전력계로 읽은 것처럼 각 판독값의 정확도 한계 전체를 독립적으로 셉니다. 기본값에서는 같은 고정 레인지에서 둘에 공통인 레인지 오프셋이 상쇄됩니다 (docs/method.md).</translation>
    </message>
    <message>
        <source>as an idle window</source>
        <translation>유휴 구간으로 사용</translation>
    </message>
    <message>
        <source>The settle pauses serve as idle windows too: each run&apos;s idle level is interpolated between them. Only for a DUT that is idle again at once after a run.</source>
        <translation>안정화 대기 시간을 유휴 구간으로도 사용합니다: 각 실행의 유휴 수준은 그 사이에서 보간됩니다. 실행 직후 바로 유휴 상태로 돌아오는 DUT에만 사용하십시오.</translation>
    </message>
    <message>
        <source>Wait for stable idle power before the baseline (at most %1 s)</source>
        <translation>기준선 전에 유휴 전력 안정 대기 (최대 %1 s)</translation>
    </message>
    <message>
        <source>Waits until the idle power&apos;s trend over the last baseline-length window stays within the drift threshold of its mean (in the spirit of IEC 62301&apos;s stability rule); if it never does, the session goes on and is flagged.</source>
        <translation>최근 기준선 길이 구간의 유휴 전력 추세가 평균의 드리프트 임계값 이내가 될 때까지 기다립니다 (IEC 62301 안정성 규칙의 취지). 끝내 안정되지 않으면 세션은 계속되고 플래그가 붙습니다.</translation>
    </message>
    <message>
        <source>Interleaved: every run, then every run again</source>
        <translation>교차: 모든 실행을 한 번씩, 그다음 다시 모든 실행</translation>
    </message>
    <message>
        <source>Sequential: each run&apos;s repeats back to back</source>
        <translation>순차: 각 실행의 반복을 연달아</translation>
    </message>
    <message>
        <source>Random within each pass (seed stored)</source>
        <translation>각 회차 내 무작위 (시드 저장)</translation>
    </message>
    <message>
        <source>A random order keeps a DUT&apos;s drift from lining up with one cipher or buffer size; the seed is stored with the session, and the same seed gives the same order.</source>
        <translation>무작위 순서는 DUT의 드리프트가 특정 암호나 버퍼 크기와 겹치지 않게 합니다. 시드는 세션과 함께 저장되며, 같은 시드는 같은 순서를 만듭니다.</translation>
    </message>
    <message>
        <source>Run order:</source>
        <translation>실행 순서:</translation>
    </message>
    <message>
        <source>Pad ECB and CBC buffers with zeros to whole blocks</source>
        <translation>ECB와 CBC 버퍼를 0으로 채워 온전한 블록으로 만들기</translation>
    </message>
    <message>
        <source>A buffer that is not whole blocks (the third paper&apos;s 5-byte payloads) is padded with zeros instead of refused; energy per byte stays per payload byte.</source>
        <translation>온전한 블록이 아닌 버퍼(세 번째 논문의 5바이트 페이로드)를 거부하지 않고 0으로 채웁니다. 바이트당 에너지는 페이로드 바이트 기준으로 유지됩니다.</translation>
    </message>
    <message>
        <source>Factors:</source>
        <translation>요인:</translation>
    </message>
    <message>
        <source>Frequency and governor levels are pinned through the worker: check &quot;Pin the governor&quot; and leave &quot;Fix the frequency&quot; unchecked.</source>
        <translation>주파수와 거버너 수준은 워커를 통해 고정됩니다: &quot;거버너 고정&quot;을 선택하고 &quot;주파수 고정&quot;은 선택하지 마십시오.</translation>
    </message>
    <message>
        <source>none; e.g. rapl:package, battery</source>
        <translation>없음. 예: rapl:package, battery</translation>
    </message>
    <message>
        <source>Power sensors on the DUT read beside the meter, comma separated: rapl:&lt;zone&gt;, battery[:&lt;name&gt;], hwmon:&lt;sensor&gt;/&lt;label&gt;. Every run gets its net power from each and the ratio to the meter&apos;s; their makers do not specify their accuracy, so their intervals are statistical only.</source>
        <translation>계측기와 함께 읽는 DUT의 전력 센서(쉼표로 구분): rapl:&lt;zone&gt;, battery[:&lt;name&gt;], hwmon:&lt;sensor&gt;/&lt;label&gt;. 모든 실행은 각 센서의 순전력과 계측기 대비 비율을 얻습니다. 제조사가 정확도를 명시하지 않으므로 구간은 통계적 부분만 포함합니다.</translation>
    </message>
    <message>
        <source>Power sources:</source>
        <translation>전력 소스:</translation>
    </message>
    <message>
        <source>none; e.g. 1.35V,200mA,700MHz</source>
        <translation>없음. 예: 1.35V,200mA,700MHz</translation>
    </message>
    <message>
        <source>The fourth paper&apos;s cycles model beside each measured energy per byte: E = cycles / f × I × V, from the CPU&apos;s supply voltage, its current per cycle and, optionally, the clock (by default each run&apos;s own). An estimate, never mixed with the measurement: the results show its ratio to it.</source>
        <translation>측정한 바이트당 에너지 옆에 표시하는 네 번째 논문의 사이클 모델: E = 사이클 / f × I × V. CPU 공급 전압, 사이클당 전류, 그리고 선택적으로 클록(기본값은 각 실행의 클록)으로 계산합니다. 측정값과 섞지 않는 추정치이며, 결과에는 측정값 대비 비율이 표시됩니다.</translation>
    </message>
    <message>
        <source>Cycles model:</source>
        <translation>사이클 모델:</translation>
    </message>
</context>
<context>
    <name>cipherwatt::gui::SshPrompts</name>
    <message>
        <source>Unknown SSH Host Key</source>
        <translation>알 수 없는 SSH 호스트 키</translation>
    </message>
    <message>
        <source>The DUT %1 (port %2) is not known yet. Its %3 host key has the fingerprint:</source>
        <translation>DUT %1(포트 %2)은 아직 알려지지 않았습니다. %3 호스트 키의 지문:</translation>
    </message>
    <message>
        <source>Compare it with what &lt;code&gt;ssh-keygen -lf /etc/ssh/ssh_host_ed25519_key.pub&lt;/code&gt; prints on the DUT itself. Accept it only if they match: it is then recorded in %1, and a different key later is refused.</source>
        <translation>DUT에서 직접 &lt;code&gt;ssh-keygen -lf /etc/ssh/ssh_host_ed25519_key.pub&lt;/code&gt;가 출력하는 값과 비교하십시오. 일치할 때만 수락하십시오. 수락하면 %1에 기록되고, 이후 다른 키는 거부됩니다.</translation>
    </message>
    <message>
        <source>Accept and Remember</source>
        <translation>수락하고 기억</translation>
    </message>
    <message>
        <source>Reject</source>
        <translation>거부</translation>
    </message>
    <message>
        <source>SSH Authentication</source>
        <translation>SSH 인증</translation>
    </message>
    <message>
        <source>Upload the Worker</source>
        <translation>워커 업로드</translation>
    </message>
    <message>
        <source>The DUT has no usable cipherwatt-bench of this version: %1.</source>
        <translation>DUT에 이 버전의 사용할 수 있는 cipherwatt-bench가 없습니다: %1.</translation>
    </message>
    <message>
        <source>Upload this computer&apos;s build to a private cache directory on the DUT? Its SHA-256 is checked there before it runs.</source>
        <translation>이 컴퓨터의 빌드를 DUT의 개인 캐시 디렉터리로 업로드하시겠습니까? 실행 전에 그곳에서 SHA-256을 확인합니다.</translation>
    </message>
</context>
<context>
    <name>cipherwatt::gui::TraceChartPage</name>
    <message>
        <source>Each session&apos;s trace is shifted so that its first run starts at t = 0. Drag to pan, scroll to zoom in time, double-click to see everything again.</source>
        <translation>각 세션의 추이는 첫 실행이 t = 0에서 시작하도록 옮겨집니다. 끌어서 이동하고, 스크롤하여 시간 축을 확대/축소하고, 더블클릭하면 전체를 다시 봅니다.</translation>
    </message>
    <message>
        <source>Power, Aligned at the First Run</source>
        <translation>전력, 첫 실행 기준 정렬</translation>
    </message>
    <message>
        <source>Drag to pan, scroll to zoom in time, double-click to see everything</source>
        <translation>끌어서 이동, 스크롤로 시간 확대/축소, 더블클릭으로 전체 보기</translation>
    </message>
</context>
<context>
    <name>cipherwatt::instruments::Error</name>
    <message>
        <source>bad resource</source>
        <translation>잘못된 리소스</translation>
    </message>
    <message>
        <source>not found</source>
        <translation>찾을 수 없음</translation>
    </message>
    <message>
        <source>access denied</source>
        <translation>접근 거부</translation>
    </message>
    <message>
        <source>I/O error</source>
        <translation>입출력 오류</translation>
    </message>
    <message>
        <source>timeout</source>
        <translation>시간 초과</translation>
    </message>
    <message>
        <source>protocol error</source>
        <translation>프로토콜 오류</translation>
    </message>
    <message>
        <source>meter error</source>
        <translation>전력계 오류</translation>
    </message>
    <message>
        <source>unsupported</source>
        <translation>지원하지 않음</translation>
    </message>
    <message>
        <source>disconnected</source>
        <translation>연결 끊김</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>취소됨</translation>
    </message>
    <message>
        <source>error</source>
        <translation>오류</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <extracomment>A message and its detail, e.g. &quot;timeout: no reply from ...&quot;. Both parts are translated on their own; keep the form.</extracomment>
        <translation>%1: %2</translation>
    </message>
</context>
<context>
    <name>cipherwatt::instruments::Meter</name>
    <message>
        <source>nothing after &quot;%1:&quot;</source>
        <translation>&quot;%1:&quot; 뒤에 아무것도 없음</translation>
    </message>
    <message>
        <source>unknown kind &quot;%1&quot;</source>
        <translation>알 수 없는 종류 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>cannot connect to %1: %2</source>
        <translation>%1에 연결할 수 없음: %2</translation>
    </message>
    <message>
        <source>timed out</source>
        <translation>시간 초과</translation>
    </message>
    <message>
        <source>no reply from %1 within %2 ms</source>
        <translation>%2 ms 안에 %1에서 응답 없음</translation>
    </message>
    <message>
        <source>%1: connection lost (%2)</source>
        <translation>%1: 연결 끊김 (%2)</translation>
    </message>
    <message>
        <source>cannot open serial port %1: %2</source>
        <translation>직렬 포트 %1을(를) 열 수 없음: %2</translation>
    </message>
    <message>
        <source>no USBTMC device matches %1; attached: %2</source>
        <translation>%1에 맞는 USBTMC 장치 없음. 연결된 장치: %2</translation>
    </message>
    <message>
        <source>cannot list USB devices</source>
        <translation>USB 장치 목록을 읽을 수 없음</translation>
    </message>
    <message>
        <source>the simulated meter dropped the connection</source>
        <translation>모의 전력계가 연결을 끊음</translation>
    </message>
    <message>
        <source>the simulated meter did not answer</source>
        <translation>모의 전력계가 응답하지 않음</translation>
    </message>
    <message>
        <source>simulated %1 (in process)</source>
        <translation>모의 %1 (프로세스 내)</translation>
    </message>
    <message>
        <source>the meter is closed</source>
        <translation>전력계가 닫혀 있음</translation>
    </message>
    <message>
        <source>no reply to %1 within %2 ms</source>
        <translation>%2 ms 안에 %1에 대한 응답 없음</translation>
    </message>
    <message>
        <source>%1 was refused: %2</source>
        <translation>%1 거부됨: %2</translation>
    </message>
    <message>
        <source>element %1: the %2 has elements %3</source>
        <translation>엘리먼트 %1: %2에는 엘리먼트 %3만 있음</translation>
    </message>
    <message>
        <source>no measurement functions chosen</source>
        <translation>선택한 측정 기능 없음</translation>
    </message>
    <message>
        <source>the meter runs at %1 ms after being set to %2 ms</source>
        <translation>전력계를 %2 ms로 설정했으나 %1 ms로 동작함</translation>
    </message>
    <message>
        <source>%1 did not identify itself: %2</source>
        <translation>%1이(가) 식별 정보를 보내지 않음: %2</translation>
    </message>
    <message>
        <source>%1 is a %2 %3; CipherWatt drives %4</source>
        <translation>%1은(는) %2 %3임. CipherWatt가 지원하는 모델: %4</translation>
    </message>
    <message>
        <source>the meter&apos;s integrator held a value (%1); it was stopped and reset</source>
        <translation>전력계 적산기에 값이 남아 있어 (%1) 정지하고 초기화함</translation>
    </message>
    <message>
        <source>auto-range is on: each range change loses the data of that update; fix the ranges for measurements</source>
        <translation>자동 범위가 켜져 있음: 범위가 바뀔 때마다 그 갱신의 데이터를 잃음. 측정할 때는 범위를 고정하십시오</translation>
    </message>
    <message>
        <source>the %1 link carries about %2 B/s but %3 items at %4 ms need about %5 B/s: updates will be missed; raise the baud rate, use FLOAT format or fewer items</source>
        <translation>%1 링크는 약 %2 B/s를 전송하지만 %4 ms마다 항목 %3개에는 약 %5 B/s가 필요함: 갱신이 누락됨. 보 레이트를 높이거나, FLOAT 형식을 쓰거나, 항목을 줄이십시오</translation>
    </message>
    <message>
        <source>cannot %1: no meter is open</source>
        <translation>%1 불가: 열린 전력계 없음</translation>
    </message>
    <message>
        <source>stop streaming before configuring the meter</source>
        <translation>전력계를 설정하기 전에 스트리밍을 멈추십시오</translation>
    </message>
    <message>
        <source>meter &quot;%1&quot;: %2 (use %3)</source>
        <translation>전력계 &quot;%1&quot;: %2 (사용할 형식: %3)</translation>
    </message>
    <message>
        <source>the simulated meter does not take a connection now</source>
        <translation>모의 전력계가 지금은 연결을 받지 않음</translation>
    </message>
    <message>
        <source>the meter did not report its crest factor: readings are checked against the widest over-range limit (280 % of the range)</source>
        <extracomment>The crest factor is the meter&apos;s :INPut:CFACtor setting (3, 6 or 6A).</extracomment>
        <translation>전력계가 크레스트 팩터를 알려 주지 않았습니다: 측정값을 가장 넓은 범위 초과 한계(레인지의 280 %)로 검사합니다</translation>
    </message>
    <message>
        <source>a different meter answers on %1: %2 (serial %3), not the %4 (serial %5)</source>
        <extracomment>%1 = the link; %2 %3 = model and serial that answer; %4 %5 = model and serial expected.</extracomment>
        <translation>%1에서 다른 전력계가 응답합니다: %4(일련번호 %5)가 아니라 %2(일련번호 %3)</translation>
    </message>
    <message>
        <source>meter: %1; recovering (attempt %2 of %3)</source>
        <extracomment>%1 = what failed (&quot;timeout: no reply to ...&quot;); %2 = attempt number; %3 = attempts allowed.</extracomment>
        <translation>전력계: %1; 복구 중 (%3회 중 %2번째 시도)</translation>
    </message>
    <message>
        <source>the meter answers again after %1 s (resynchronised on the link)</source>
        <extracomment>%1 = seconds since the failure.</extracomment>
        <translation>전력계가 %1초 후 다시 응답합니다 (연결에서 재동기화함)</translation>
    </message>
    <message>
        <source>the meter answers again after %1 s (reconnected)</source>
        <extracomment>%1 = seconds since the failure.</extracomment>
        <translation>전력계가 %1초 후 다시 응답합니다 (다시 연결함)</translation>
    </message>
    <message>
        <source>%1; the meter did not come back (%2 attempts in %3 s, the last: %4)</source>
        <extracomment>%1 = the first failure; %2 = attempts made; %3 = seconds; %4 = the last failure.</extracomment>
        <translation>%1; 전력계가 돌아오지 않았습니다 (%3초 동안 %2회 시도, 마지막: %4)</translation>
    </message>
</context>
<context>
    <name>cipherwatt::instruments::Resource</name>
    <message>
        <source>write it as %1</source>
        <translation>%1 형식으로 쓰십시오</translation>
    </message>
    <message>
        <source>the %1 holds a control character</source>
        <translation>%1에 제어 문자가 있음</translation>
    </message>
    <message>
        <source>the %1 must be a whole number from %2 to %3</source>
        <translation>%1은(는) %2부터 %3까지의 정수여야 함</translation>
    </message>
    <message>
        <source>the %1 may hold only letters, digits, &apos;.&apos;, &apos;_&apos; and &apos;-&apos;</source>
        <translation>%1에는 문자, 숫자, &apos;.&apos;, &apos;_&apos;, &apos;-&apos;만 쓸 수 있음</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is neither a host name nor an IP address</source>
        <translation>&quot;%1&quot;은(는) 호스트 이름도 IP 주소도 아님</translation>
    </message>
    <message>
        <source>Automatic</source>
        <translation>자동</translation>
    </message>
    <message>
        <source>The first WT300 meter on USB, or the simulated WT332 when none is attached (marked as simulated everywhere).</source>
        <translation>USB의 첫 번째 WT300 전력계, 연결된 것이 없으면 모의 WT332 (어디서나 모의로 표시됨).</translation>
    </message>
    <message>
        <source>USB (USBTMC)</source>
        <translation>USB (USBTMC)</translation>
    </message>
    <message>
        <source>A WT300 on USB through libusb: the first one, or the one with this serial number or at this bus and address.</source>
        <translation>libusb를 통한 USB의 WT300: 첫 번째 것, 또는 이 일련번호나 이 버스와 주소의 것.</translation>
    </message>
    <message>
        <source>Network (TCP)</source>
        <translation>네트워크 (TCP)</translation>
    </message>
    <message>
        <source>SCPI over a raw TCP socket, newline-terminated (a LAN gateway or the simulator&apos;s --listen).</source>
        <translation>줄바꿈으로 끝나는 원시 TCP 소켓의 SCPI (LAN 게이트웨이 또는 시뮬레이터의 --listen).</translation>
    </message>
    <message>
        <source>Serial port</source>
        <translation>직렬 포트</translation>
    </message>
    <message>
        <source>RS-232, 8N1, CR+LF. 9600 baud, the meter&apos;s factory setting, cannot carry ten items every 100 ms: set the meter faster.</source>
        <translation>RS-232, 8N1, CR+LF. 전력계의 공장 설정인 9600 baud로는 100 ms마다 항목 10개를 전송할 수 없으니 전력계를 더 빠르게 설정하십시오.</translation>
    </message>
    <message>
        <source>Simulator</source>
        <translation>시뮬레이터</translation>
    </message>
    <message>
        <source>The simulated WT332 in this program: everything it measures is marked SIMULATED.</source>
        <translation>이 프로그램 안의 모의 WT332: 측정한 모든 값이 모의(SIMULATED)로 표시됩니다.</translation>
    </message>
    <message>
        <source>Meter:</source>
        <translation>전력계:</translation>
    </message>
    <message>
        <source>Yokogawa meters found on USB (vendor 0x0B21, USBTMC).</source>
        <translation>USB에서 찾은 Yokogawa 전력계 (벤더 0x0B21, USBTMC).</translation>
    </message>
    <message>
        <source>Host:</source>
        <translation>호스트:</translation>
    </message>
    <message>
        <source>The gateway&apos;s or the simulator&apos;s host name or IP address.</source>
        <translation>게이트웨이 또는 시뮬레이터의 호스트 이름이나 IP 주소.</translation>
    </message>
    <message>
        <source>Port:</source>
        <translation>포트:</translation>
    </message>
    <message>
        <source>The TCP port of the SCPI socket.</source>
        <translation>SCPI 소켓의 TCP 포트.</translation>
    </message>
    <message>
        <source>The serial port the meter&apos;s RS-232 interface is connected to.</source>
        <translation>전력계의 RS-232 인터페이스가 연결된 직렬 포트.</translation>
    </message>
    <message>
        <source>Baud rate:</source>
        <translation>전송 속도:</translation>
    </message>
    <message>
        <source>As set on the meter (COMMUNICATION menu); 9600 by default.</source>
        <translation>전력계에 설정된 값 (COMMUNICATION 메뉴). 기본값 9600.</translation>
    </message>
    <message>
        <source>Profile:</source>
        <translation>프로파일:</translation>
    </message>
    <message>
        <source>A profile file scripting the simulator&apos;s power (optional; empty: idle power plus the host&apos;s CPU load).</source>
        <translation>시뮬레이터의 전력을 정하는 프로파일 파일 (선택 사항. 비우면 유휴 전력에 호스트의 CPU 부하를 더함).</translation>
    </message>
</context>
<context>
    <name>cipherwatt::report::Charts</name>
    <message>
        <source>no measured encryption runs</source>
        <translation>측정된 암호화 실행 없음</translation>
    </message>
    <message>
        <source>no measured decryption runs</source>
        <translation>측정된 복호화 실행 없음</translation>
    </message>
    <message>
        <source>no measured encryption and decryption runs</source>
        <translation>측정된 암호화·복호화 실행 없음</translation>
    </message>
    <message>
        <source> (simulated)</source>
        <translation> (모의)</translation>
    </message>
    <message>
        <source>time since the first run started [s]</source>
        <translation>첫 실행 시작 후 시간 [s]</translation>
    </message>
    <message>
        <source>power [W]</source>
        <translation>전력 [W]</translation>
    </message>
    <message>
        <source>energy per byte [%1]</source>
        <translation>바이트당 에너지 [%1]</translation>
    </message>
    <message>
        <source>net power [%1]</source>
        <translation>순전력 [%1]</translation>
    </message>
    <message>
        <source>no data</source>
        <translation>데이터 없음</translation>
    </message>
    <message>
        <source>CPU frequency [MHz]</source>
        <translation>CPU 주파수 [MHz]</translation>
    </message>
    <message>
        <source>throughput [%1]</source>
        <translation>처리량 [%1]</translation>
    </message>
    <message>
        <source>no measured frequency levels</source>
        <translation>측정된 주파수 수준 없음</translation>
    </message>
    <message>
        <source>buffer size (logarithmic)</source>
        <translation>버퍼 크기 (로그)</translation>
    </message>
    <message>
        <source>no measured buffer sizes</source>
        <translation>측정된 버퍼 크기 없음</translation>
    </message>
    <message>
        <source>no measured levels</source>
        <translation>측정된 수준 없음</translation>
    </message>
    <message>
        <source>at the level</source>
        <translation>해당 수준</translation>
    </message>
</context>
</TS>
