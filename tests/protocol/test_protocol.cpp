// The worker protocol's codec (ciphers/protocol): lines as the README documents them decode to
// the right types, unknown fields survive a round trip, and bad lines give one clear error
// naming what was wrong.

#include <cipherwatt/protocol/codec.h>

#include <catch2/catch.hpp>

using namespace cipherwatt::protocol;

TEST_CASE("a run command as the README writes it", "[protocol]")
{
    const auto c = decodeCommand(R"({"cmd":"run","id":1,"cipher":"aes-128-xts",)"
                                 R"("backend":"openssl","op":"encrypt","buffer":4096,)"
                                 R"("seconds":10,"cpu":0})");
    REQUIRE(c);
    REQUIRE(c->id == 1);
    const auto *run = std::get_if<RunCommand>(&c->body);
    REQUIRE(run != nullptr);
    CHECK(run->cipher == "aes-128-xts");
    CHECK(run->backend == "openssl");
    CHECK(run->op == "encrypt");
    CHECK(run->buffer == 4096U);
    CHECK(run->seconds == 10.0);
    CHECK_FALSE(run->iterations);
    CHECK(run->cpu == 0);
    CHECK(commandName(c->body) == "run");
}

TEST_CASE("whole numbers must be JSON integers", "[protocol]")
{
    const auto c = decodeCommand(R"({"cmd":"run","id":2,"cipher":"chacha20","backend":"botan",)"
                                 R"("buffer":4096.5,"seconds":1})");
    REQUIRE_FALSE(c);
    CHECK(c.error() == "run: field 'buffer' must be a whole number");

    const auto negative = decodeCommand(R"({"cmd":"run","cipher":"chacha20","backend":"botan",)"
                                        R"("iterations":-3})");
    REQUIRE_FALSE(negative);
    CHECK(negative.error() == "run: field 'iterations' must not be negative");

    const auto text = decodeCommand(R"({"cmd":"run","cipher":"chacha20","backend":"botan",)"
                                    R"("cpu":"0"})");
    REQUIRE_FALSE(text);
    CHECK(text.error() == "run: field 'cpu' must be a whole number");
}

TEST_CASE("a missing required field is named", "[protocol]")
{
    const auto c = decodeCommand(R"({"cmd":"run","id":3,"backend":"botan"})");
    REQUIRE_FALSE(c);
    CHECK(c.error() == "run: missing field 'cipher'");

    const auto e = decodeEvent(R"({"event":"run_end","id":3,"result":{"cipher":"chacha20",)"
                               R"("backend":"botan","op":"encrypt","iterations":10,)"
                               R"("bytes":40960,"verified":true}})");
    REQUIRE_FALSE(e);
    CHECK(e.error() == "run_end: missing field 'result.seconds'");
}

TEST_CASE("unknown commands are named by a short prefix only", "[protocol]")
{
    const std::string name(100000, 'x');
    const auto c = decodeCommand(R"({"cmd":")" + name + R"("})");
    REQUIRE_FALSE(c);
    CHECK(c.error().size() < 400);
    CHECK(c.error().find("unknown command 'xxxxxxxx") != std::string::npos);
    CHECK(c.error().find("commands: hello, list") != std::string::npos);
}

TEST_CASE("lines are bounded", "[protocol]")
{
    std::string line = R"({"cmd":"list","pad":")";
    line.append(kMaxLineBytes, 'a');
    line += "\"}";
    const auto c = decodeCommand(line);
    REQUIRE_FALSE(c);
    CHECK(c.error() == "command longer than 1048576 bytes");

    const auto notJson = decodeCommand("{\"cmd\":");
    REQUIRE_FALSE(notJson);
    CHECK(notJson.error() == "malformed command: not JSON ({\"cmd\":)");
}

TEST_CASE("unknown fields are kept and written back", "[protocol]")
{
    const std::string line =
        R"({"event":"run_end","id":7,"result":{"cipher":"chacha20","backend":"botan",)"
        R"("op":"encrypt","iterations":10,"bytes":40960,"seconds":0.5,"verified":true,)"
        R"("joules_on_chip":1.25,"provenance":{"backend":"botan","implementation":"avx2",)"
        R"("future":[1,2]}},"hint":"new"})";
    const auto e = decodeEvent(line);
    REQUIRE(e);
    const auto *end = std::get_if<RunEndEvent>(&e->body);
    REQUIRE(end != nullptr);
    const auto *bench = std::get_if<BenchResult>(&end->result);
    REQUIRE(bench != nullptr);
    CHECK(bench->bytes == 40960U);
    CHECK(bench->provenance.implementation == "avx2");
    CHECK(bench->extra["joules_on_chip"] == 1.25);
    CHECK(bench->provenance.extra["future"] == Json::array({1, 2}));
    CHECK(end->extra["hint"] == "new");

    const Json again = Json::parse(encodeEvent(*e));
    CHECK(again["result"]["joules_on_chip"] == 1.25);
    CHECK(again["result"]["provenance"]["future"] == Json::array({1, 2}));
    CHECK(again["hint"] == "new");
    CHECK(again["id"] == 7);
}

TEST_CASE("an external program's result is told apart by its kind", "[protocol]")
{
    const auto e = decodeEvent(
        R"({"event":"run_end","id":4,"result":{"kind":"exec","label":"gzip","argv":["gzip"],)"
        R"("status":"ok","verified":true,"seconds":1.5,"exit_code":0,"signal":null,)"
        R"("bytes":1000,"stdout":{"text":"","bytes":0,"truncated":false}}})");
    REQUIRE(e);
    const auto &result = std::get<RunEndEvent>(e->body).result;
    const auto *exec = std::get_if<ExecResult>(&result);
    REQUIRE(exec != nullptr);
    CHECK(exec->exitCode == 0);
    CHECK_FALSE(exec->signal);
    CHECK(exec->bytes == 1000U);
    CHECK(exec->label == "gzip");
}

TEST_CASE("events a newer worker invents are kept, not refused", "[protocol]")
{
    const auto e = decodeEvent(R"({"event":"sensor_sample","id":0,"w":3.5})");
    REQUIRE(e);
    const auto *unknown = std::get_if<UnknownEvent>(&e->body);
    REQUIRE(unknown != nullptr);
    CHECK(unknown->name == "sensor_sample");
    CHECK(eventName(e->body) == "sensor_sample");
}

TEST_CASE("commands encode to the documented lines", "[protocol]")
{
    RunCommand run;
    run.cipher = "aes-128-xts";
    run.backend = "openssl";
    run.buffer = 4096;
    run.seconds = 10.0;
    run.cpu = 0;
    CHECK(encodeCommand({1, run}) ==
          R"({"cmd":"run","id":1,"cipher":"aes-128-xts","backend":"openssl","op":"encrypt",)"
          R"("buffer":4096,"seconds":10.0,"cpu":0})");

    GovernorCommand pin;
    pin.action = "pin";
    pin.fixFrequency = true;
    CHECK(encodeCommand({2, pin}) ==
          R"({"cmd":"governor","id":2,"action":"pin","fix_frequency":true})");

    CHECK(encodeCommand({3, CancelCommand{}}) == R"({"cmd":"cancel","id":3})");
    // Every cipher's self-test leaves the list out (firmware/PROTOCOL.md: "all when absent");
    // a list names its ciphers.
    CHECK(encodeCommand({4, SelfTestCommand{}}) == R"({"cmd":"selftest","id":4})");
    CHECK(encodeCommand({5, SelfTestCommand{{"chacha20"}, {}}}) ==
          R"({"cmd":"selftest","id":5,"ciphers":["chacha20"]})");
    const auto all = decodeCommand(R"({"cmd":"selftest","id":4})");
    REQUIRE(static_cast<bool>(all));
    CHECK(std::get<SelfTestCommand>(all->body).ciphers.empty());
}

TEST_CASE("a run's payload and padding, and the result's account of them, as docs/method.md "
          "writes them",
          "[protocol][payload]")
{
    RunCommand run;
    run.cipher = "aes-128-ecb";
    run.backend = "botan";
    run.buffer = 5;
    run.seconds = 2.0;
    run.payload = "file";
    run.payloadFile = "/data/text.txt";
    run.pad = "zeros";
    const std::string line = encodeCommand({7, run});
    CHECK(line == R"({"cmd":"run","id":7,"cipher":"aes-128-ecb","backend":"botan","op":"encrypt",)"
                  R"("buffer":5,"seconds":2.0,"payload":"file","payload_file":"/data/text.txt",)"
                  R"("pad":"zeros"})");
    const auto back = decodeCommand(line);
    REQUIRE(back);
    const auto &decoded = std::get<RunCommand>(back->body);
    CHECK(decoded.payload == std::optional<std::string>("file"));
    CHECK(decoded.payloadFile == std::optional<std::string>("/data/text.txt"));
    CHECK(decoded.pad == std::optional<std::string>("zeros"));
    CHECK(decoded.extra.empty());

    const auto event = decodeEvent(
        R"({"event":"run_end","id":7,"result":{"cipher":"aes-128-ecb","backend":"botan",)"
        R"("op":"encrypt","buffer":5,"iterations":10,"bytes":50,"seconds":1.0,"verified":true,)"
        R"("payload":"zeros","payload_sha256":"8855508aade16ec573d21e6a485dfd0a7624085c1a14b5ecdd)"
        R"(6485de0c6839a4","processed_bytes":16,"output_bytes":16}})");
    REQUIRE(event);
    const auto *end = std::get_if<RunEndEvent>(&event->body);
    REQUIRE(end != nullptr);
    const auto &b = std::get<BenchResult>(end->result);
    CHECK(b.payload == std::optional<std::string>("zeros"));
    CHECK(b.payloadSha256->size() == 64);
    CHECK(b.processedBytes == std::optional<std::uint64_t>(16));
    CHECK(b.outputBytes == std::optional<std::uint64_t>(16));
    CHECK(b.extra.empty());
}

TEST_CASE("a governor event carries the result its action has", "[protocol]")
{
    const auto pin = decodeEvent(
        R"({"event":"governor","id":5,"action":"pin","method":"sudo","result":{"applied":)"
        R"({"cpus":[{"cpu":0,"governor":"performance","min_khz":800000,"max_khz":3000000}],)"
        R"("turbo":{"control":"none"}},"mismatches":[],"journal_created":true,"journal":"/j"}})");
    REQUIRE(pin);
    const auto &g = std::get<GovernorEvent>(pin->body);
    REQUIRE(g.pin);
    CHECK(g.method == "sudo");
    REQUIRE(g.pin->applied.cpus.size() == 1);
    CHECK(g.pin->applied.cpus[0].maxKHz == 3000000U);
    CHECK_FALSE(g.pin->applied.turbo.enabled);

    const auto restore =
        decodeEvent(R"({"event":"governor","action":"restore","reason":"stdin closed",)"
                    R"("result":{"restored":true,"cpus":[0,1]}})");
    REQUIRE(restore);
    const auto &r = std::get<GovernorEvent>(restore->body);
    CHECK_FALSE(restore->id);
    REQUIRE(r.restore);
    CHECK(r.restore->cpus == std::vector<unsigned>{0, 1});
    CHECK(r.reason == "stdin closed");
}

TEST_CASE("a short prefix is cut on a character boundary", "[protocol]")
{
    CHECK(quotePrefix("abc", 5) == "abc");
    CHECK(quotePrefix("abcdef", 3) == "abc\xE2\x80\xA6");
    // "한" is three bytes: a cut inside it goes back to its start.
    CHECK(quotePrefix("a\xED\x95\x9C", 2) == "a\xE2\x80\xA6");
}

// The firmware's messages (firmware/PROTOCOL.md), as its document writes them.
TEST_CASE("the firmware's run_end, kat, reset, fault and error decode with their fields",
          "[protocol]")
{
    const auto end = decodeEvent(
        R"({"event":"run_end","id":6,"result":{"cipher":"aes-128-ccm-8","backend":"firmware",)"
        R"("op":"encrypt","buffer":20,"chunking":"message","iterations":308574,"bytes":6171480,)"
        R"("seconds":1.204268,"cycles":30106722,"counter":"systick","counter_hz":25000000,)"
        R"("cycles_real":false,"bytes_per_second":5124669.500,"cycles_per_byte":4.878,)"
        R"("cycles_per_op":97.567,"tag_bytes":8,"warmup_iterations":9741,)"
        R"("start_offset_seconds":0.050372,"verified":true,"cancelled":false,)"
        R"("kat_vectors_checked":0,"cpu":-1,"isa":"portable","marker":"none"}})");
    REQUIRE(end);
    const auto &result = std::get<BenchResult>(std::get<RunEndEvent>(end->body).result);
    CHECK(result.cyclesReal == false);
    CHECK(result.tagBytes == 8U);
    CHECK(result.startOffsetSeconds == 0.050372);
    CHECK(result.cycles == 30106722U);
    CHECK(result.extra["marker"] == "none"); // kept, not lost
    // Written back with the same fields.
    const Json again = toJson(RunOutcome(result));
    CHECK(again["cycles_real"] == false);
    CHECK(again["tag_bytes"] == 8);
    CHECK(again["start_offset_seconds"] == 0.050372);
    CHECK(again["marker"] == "none");

    const auto kat = decodeEvent(R"({"event":"kat","id":5,"cipher":"aes-128-ecb",)"
                                 R"("backend":"firmware","op":"encrypt",)"
                                 R"("output":"69c4e0d86a7b0430d8cdb78070b4c55a"})");
    REQUIRE(kat);
    CHECK(std::get<KatEvent>(kat->body).output == "69c4e0d86a7b0430d8cdb78070b4c55a");
    CHECK(eventName(kat->body) == "kat");

    const auto reset = decodeEvent(R"({"event":"reset","id":9})");
    REQUIRE(reset);
    CHECK(std::holds_alternative<ResetEvent>(reset->body));

    const auto fault = decodeEvent(R"({"event":"fault","exception":"busfault",)"
                                   R"("ipsr":"0x00000005","pc":"0x00000a10","lr":"0xfffffff9",)"
                                   R"("cfsr":"0x00000400","hfsr":"0x00000000","bfar":"0x0"})");
    REQUIRE(fault);
    CHECK_FALSE(fault->id);
    const auto &f = std::get<FaultEvent>(fault->body);
    CHECK(f.exception == "busfault");
    CHECK(f.pc == "0x00000a10");
    CHECK(f.extra["ipsr"] == "0x00000005");

    const auto error = decodeEvent(R"({"event":"error","id":10,"code":"cipher",)"
                                   R"x("message":"unknown cipher 'des-56-ecb' (see list)"})x");
    REQUIRE(error);
    CHECK(std::get<ErrorEvent>(error->body).code == "cipher");

    const auto hello = decodeEvent(
        R"({"event":"hello","protocol":2,"kind":"cipherwatt-firmware","dut_kind":"mcu",)"
        R"("version":"0.1.0","board":"mps2-an385","core":"cortex-m3","clock_hz":25000000,)"
        R"("counter":"systick","counter_hz":25000000,"cycles_real":false,"uart_baud":115200,)"
        R"("progress_interval_s":1.000,"uptime_ms":4,"max_line":2048,"max_buffer":4096})");
    REQUIRE(hello);
    const auto &h = std::get<HelloEvent>(hello->body);
    CHECK(h.dutKind == "mcu");
    CHECK(h.maxLine == 2048U);
    CHECK(h.uartBaud == 115200U);
    CHECK(h.uptimeMs == 4U);
    CHECK(h.counter == "systick");
    CHECK(h.extra["kind"] == "cipherwatt-firmware");
}

TEST_CASE("kat and reset encode as the firmware's document writes them", "[protocol]")
{
    KatCommand kat;
    kat.cipher = "aes-128-ccm-8";
    kat.backend = "firmware";
    kat.op = "decrypt";
    kat.key = "404142434445464748494a4b4c4d4e4f";
    kat.nonce = "10111213141516";
    kat.aad = "0001020304050607";
    kat.input = "7162015b4dac255d";
    CHECK(encodeCommand({7, kat}) ==
          R"({"cmd":"kat","id":7,"cipher":"aes-128-ccm-8","backend":"firmware","op":"decrypt",)"
          R"("key":"404142434445464748494a4b4c4d4e4f","nonce":"10111213141516",)"
          R"("aad":"0001020304050607","input":"7162015b4dac255d"})");
    CHECK(encodeCommand({8, ResetCommand{}}) == R"({"cmd":"reset","id":8})");
    const auto back = decodeCommand(encodeCommand({7, kat}));
    REQUIRE(back);
    CHECK(std::get<KatCommand>(back->body).nonce == "10111213141516");
    CHECK_FALSE(std::get<KatCommand>(back->body).iv);
}

TEST_CASE("activity: the command and its counters as the protocol writes them", "[protocol]")
{
    CHECK(encodeCommand({6, ActivityCommand{}}) == R"({"cmd":"activity","id":6})");
    const auto cmd = decodeCommand(R"({"cmd":"activity","id":6})");
    REQUIRE(static_cast<bool>(cmd));
    CHECK(std::holds_alternative<ActivityCommand>(cmd->body));

    const auto event = decodeEvent(R"({"event":"activity","id":6,"cpus":4,)"
                                   R"("ticks_per_second":100,"busy_ticks":123456789012,)"
                                   R"("total_ticks":987654321098,"own_ticks":42})");
    REQUIRE(static_cast<bool>(event));
    const auto &a = std::get<ActivityEvent>(event->body);
    CHECK(a.cpus == 4);
    CHECK(a.ticksPerSecond == 100);
    CHECK(a.busyTicks == 123456789012ULL); // beyond 32 bits: counts since boot grow
    CHECK(a.totalTicks == 987654321098ULL);
    CHECK(a.ownTicks == 42);
    CHECK(encodeEvent(*event) ==
          R"({"event":"activity","id":6,"cpus":4,"ticks_per_second":100,)"
          R"("busy_ticks":123456789012,"total_ticks":987654321098,"own_ticks":42})");
    // Every counter is needed: one missing is named.
    const auto missing =
        decodeEvent(R"({"event":"activity","cpus":4,"ticks_per_second":100,"busy_ticks":1,)"
                    R"("total_ticks":2})");
    REQUIRE_FALSE(static_cast<bool>(missing));
    CHECK(missing.error().find("own_ticks") != std::string::npos);
}

TEST_CASE("power sources: sources, sample and sample_stop as the protocol writes them",
          "[protocol][sources]")
{
    CHECK(encodeCommand({1, SourcesCommand{}}) == R"({"cmd":"sources","id":1})");
    SampleCommand sample;
    sample.resource = "rapl:package-0";
    sample.interval = 0.1;
    sample.seconds = 30.0;
    CHECK(encodeCommand({2, sample}) ==
          R"({"cmd":"sample","id":2,"resource":"rapl:package-0","interval":0.1,"seconds":30.0})");
    CHECK(encodeCommand({3, SampleStopCommand{}}) == R"({"cmd":"sample_stop","id":3})");
    const auto stop = decodeCommand(R"({"cmd":"sample_stop","id":3,"resource":"battery"})");
    REQUIRE(static_cast<bool>(stop));
    CHECK(std::get<SampleStopCommand>(stop->body).resource == "battery");
    // The interval is needed; a resource must be a string.
    const auto noInterval = decodeCommand(R"({"cmd":"sample","id":4,"resource":"battery"})");
    REQUIRE_FALSE(static_cast<bool>(noInterval));
    CHECK(noInterval.error().find("interval") != std::string::npos);
    const auto badResource = decodeCommand(R"({"cmd":"sample","resource":7,"interval":1})");
    REQUIRE_FALSE(static_cast<bool>(badResource));
    CHECK(badResource.error().find("resource") != std::string::npos);

    const char *sources =
        R"({"event":"sources","id":1,"sources":[{"resource":"battery:BAT0","kind":"battery",)"
        R"("method":"power_now","unit":"uW","files":["/sys/class/power_supply/BAT0/power_now"],)"
        R"("readable":true,"problem":"battery:BAT0: status is \"Charging\""}]})";
    const auto listed = decodeEvent(sources);
    REQUIRE(static_cast<bool>(listed));
    const auto &list = std::get<SourcesEvent>(listed->body).sources;
    REQUIRE(list.size() == 1);
    CHECK(list[0].unit == "uW");
    CHECK(list[0].files == std::vector<std::string>{"/sys/class/power_supply/BAT0/power_now"});
    CHECK(list[0].problem == "battery:BAT0: status is \"Charging\"");
    CHECK(encodeEvent(*listed) == sources);

    const char *reading = R"({"event":"sample","id":2,"resource":"rapl:package-0","t":1.5,)"
                          R"("watts":12.25,"span":0.1,"wrapped":true})";
    const auto decoded = decodeEvent(reading);
    REQUIRE(static_cast<bool>(decoded));
    const auto &s = std::get<SampleEvent>(decoded->body);
    CHECK(s.t == 1.5);
    CHECK(s.watts == 12.25);
    CHECK(s.wrapped);
    CHECK_FALSE(s.updateInterval);
    CHECK(encodeEvent(*decoded) == reading);

    const char *end = R"({"event":"sample_end","id":2,"resource":"battery:BAT0","samples":3,)"
                      R"("reason":"error","message":"battery:BAT0: status is \"Charging\""})";
    const auto ended = decodeEvent(end);
    REQUIRE(static_cast<bool>(ended));
    CHECK(std::get<SampleEndEvent>(ended->body).samples == 3);
    CHECK(encodeEvent(*ended) == end);
}
