<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
<context>
    <name>cipherwatt::gui::CompareView</name>
    <message numerus="yes">
        <source>Reading %n sessions…</source>
        <translation>
            <numerusform>Reading %n session…</numerusform>
            <numerusform>Reading %n sessions…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Comparison of %n Sessions</source>
        <translation>
            <numerusform>Comparison of %n Session</numerusform>
            <numerusform>Comparison of %n Sessions</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>cipherwatt::gui::ComparisonModel</name>
    <message numerus="yes">
        <source>Median of %n runs; the interval spans all of theirs.</source>
        <translation>
            <numerusform>Median of %n run; the interval is its own.</numerusform>
            <numerusform>Median of %n runs; the interval spans all of theirs.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n planned runs gave no result.</source>
        <translation>
            <numerusform>%1 of %n planned run gave no result.</numerusform>
            <numerusform>%1 of %n planned runs gave no result.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>cipherwatt::gui::DeleteConfirmation</name>
    <message numerus="yes">
        <source>%n runs</source>
        <translation>
            <numerusform>%n run</numerusform>
            <numerusform>%n runs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n meter updates</source>
        <translation>
            <numerusform>%n meter update</numerusform>
            <numerusform>%n meter updates</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Delete %n sessions?</source>
        <translation>
            <numerusform>Delete %n session?</numerusform>
            <numerusform>Delete %n sessions?</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>and %n more</source>
        <translation>
            <numerusform>and %n more</numerusform>
            <numerusform>and %n more</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>cipherwatt::gui::DutForm</name>
    <message numerus="yes">
        <source>&lt;b&gt;%1&lt;/b&gt;, %n logical cores, %2&lt;br&gt;%3&lt;br&gt;governor: %4&lt;br&gt;worker: cipherwatt-bench %5</source>
        <translation>
            <numerusform>&lt;b&gt;%1&lt;/b&gt;, %n logical core, %2&lt;br&gt;%3&lt;br&gt;governor: %4&lt;br&gt;worker: cipherwatt-bench %5</numerusform>
            <numerusform>&lt;b&gt;%1&lt;/b&gt;, %n logical cores, %2&lt;br&gt;%3&lt;br&gt;governor: %4&lt;br&gt;worker: cipherwatt-bench %5</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>self-test: passed (%n cipher/backend pairs)</source>
        <translation>
            <numerusform>self-test: passed (%n cipher/backend pair)</numerusform>
            <numerusform>self-test: passed (%n cipher/backend pairs)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>cipherwatt::gui::ExportDialog</name>
    <message numerus="yes">
        <source>Export %n Sessions</source>
        <translation>
            <numerusform>Export %n Session</numerusform>
            <numerusform>Export %n Sessions</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>cipherwatt::gui::ExportJob</name>
    <message numerus="yes">
        <source>Exported %n files to %1.</source>
        <translation>
            <numerusform>Exported %n file to %1.</numerusform>
            <numerusform>Exported %n files to %1.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>cipherwatt::gui::LibraryView</name>
    <message numerus="yes">
        <source>%n sessions</source>
        <translation>
            <numerusform>%n session</numerusform>
            <numerusform>%n sessions</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n sessions</source>
        <translation>
            <numerusform>%1 of %n session</numerusform>
            <numerusform>%1 of %n sessions</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Counting the runs and meter updates of %n sessions…</source>
        <translation>
            <numerusform>Counting the runs and meter updates of %n session…</numerusform>
            <numerusform>Counting the runs and meter updates of %n sessions…</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>cipherwatt::gui::LivePlot</name>
    <message numerus="yes">
        <source>Over range: %n updates with a reading beyond the meter&apos;s range (-OL-)</source>
        <translation>
            <numerusform>Over range: %n update with a reading beyond the meter&apos;s range (-OL-)</numerusform>
            <numerusform>Over range: %n updates with a reading beyond the meter&apos;s range (-OL-)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>No data: %n updates without a value (the meter shows ------)</source>
        <translation>
            <numerusform>No data: %n update without a value (the meter shows ------)</numerusform>
            <numerusform>No data: %n updates without a value (the meter shows ------)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Missed: %n updates not read; the trace is broken there</source>
        <translation>
            <numerusform>Missed: %n update not read; the trace is broken there</numerusform>
            <numerusform>Missed: %n updates not read; the trace is broken there</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Duplicate: %n updates read twice; not counted</source>
        <translation>
            <numerusform>Duplicate: %n update read twice; not counted</numerusform>
            <numerusform>Duplicate: %n updates read twice; not counted</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>cipherwatt::gui::LiveView</name>
    <message numerus="yes">
        <source>%1 (%n warnings in all; hover for the list)</source>
        <translation>
            <numerusform>%1 (%n warning in all; hover for the list)</numerusform>
            <numerusform>%1 (%n warnings in all; hover for the list)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Final, %n updates</source>
        <translation>
            <numerusform>Final, %n update</numerusform>
            <numerusform>Final, %n updates</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>So far, %n updates</source>
        <translation>
            <numerusform>So far, %n update</numerusform>
            <numerusform>So far, %n updates</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n runs planned</source>
        <translation>
            <numerusform>%n run planned</numerusform>
            <numerusform>%n runs planned</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n runs measured</source>
        <translation>
            <numerusform>%1 of %n run measured</numerusform>
            <numerusform>%1 of %n runs measured</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>cipherwatt::gui::MainWindow</name>
    <message numerus="yes">
        <source>Running: %n run(s) planned</source>
        <translation>
            <numerusform>Running: %n run planned</numerusform>
            <numerusform>Running: %n runs planned</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n s</source>
        <translation>
            <numerusform>%n s</numerusform>
            <numerusform>%n s</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n min</source>
        <translation>
            <numerusform>%n min</numerusform>
            <numerusform>%n min</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n runs</source>
        <translation>
            <numerusform>%n run</numerusform>
            <numerusform>%n runs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 · at least %2 (%n runs of unknown length)</source>
        <translation>
            <numerusform>%1 · at least %2 (%n run of unknown length)</numerusform>
            <numerusform>%1 · at least %2 (%n runs of unknown length)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>cipherwatt::gui::PlanBuilder</name>
    <message numerus="yes">
        <source>Chosen: %n</source>
        <translation>
            <numerusform>Chosen: %n</numerusform>
            <numerusform>Chosen: %n</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n of the preset&apos;s ciphers are not on this DUT.</source>
        <translation>
            <numerusform>%n of the preset&apos;s ciphers is not on this DUT.</numerusform>
            <numerusform>%n of the preset&apos;s ciphers are not on this DUT.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>cipherwatt::gui::ResultsModel</name>
    <message numerus="yes">
        <source>Median of %n repeats, which range from %1 to %2 %3</source>
        <translation>
            <numerusform>Median of %n repeat, which ranges from %1 to %2 %3</numerusform>
            <numerusform>Median of %n repeats, which range from %1 to %2 %3</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 (+%n more)</source>
        <translation>
            <numerusform>%1 (+%n more)</numerusform>
            <numerusform>%1 (+%n more)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Mean of %n valid repeats: %1 %2, 95 % interval %3 to %4 %2 (scatter s/√n %5, common to every repeat %6, %7 degrees of freedom)</source>
        <translation>
            <numerusform>Mean of %n valid repeat: %1 %2, 95 % interval %3 to %4 %2 (scatter s/√n %5, common to every repeat %6, %7 degrees of freedom)</numerusform>
            <numerusform>Mean of %n valid repeats: %1 %2, 95 % interval %3 to %4 %2 (scatter s/√n %5, common to every repeat %6, %7 degrees of freedom)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 %2 (median of %n runs, %3 to %4)</source>
        <translation>
            <numerusform>%1 %2 (median of %n run, %3 to %4)</numerusform>
            <numerusform>%1 %2 (median of %n runs, %3 to %4)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>cipherwatt::gui::SessionListModel</name>
    <message numerus="yes">
        <source>%n planned runs</source>
        <translation>
            <numerusform>%n planned run</numerusform>
            <numerusform>%n planned runs</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>cipherwatt::gui::SetupPanel</name>
    <message numerus="yes">
        <source>%1 already has this label: the new session is told apart by its identifier.</source>
        <translation>
            <numerusform>%1 already has this label: the new session is told apart by its identifier.</numerusform>
            <numerusform>%1 already have this label: the new session is told apart by its identifier.</numerusform>
        </translation>
    </message>
</context>
</TS>
