package io.paypipe.logscan;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The whole suite's output, read after every other module's tests ran (this module is the
 * reactor's last): no test class's log lines hold key material, a channel's raw body or a
 * payer's identifier. It fails when it read fewer than {@code logscan.min-files} files
 * (default 100) or {@code logscan.min-modules} modules (default 10): a scan of a build
 * whose tests did not run, or did not write their output to files, proves nothing.
 */
class SuiteLogsTest {

    @Test
    void noTestOutputHoldsKeysRawBodiesOrPayerIds() {
        // Given the checkout the build ran in
        Path root = Path.of(System.getProperty("logscan.root", "../..")).toAbsolutePath().normalize();
        int minFiles = Integer.getInteger("logscan.min-files", 100);
        int minModules = Integer.getInteger("logscan.min-modules", 10);

        // When every module's test output is read
        ScanResult result = LogScan.scan(root, LeakPattern.ALL);
        String report = result.report(50);
        System.err.println(report);

        // Then it read enough and found nothing
        List<String> problems = result.problems(minFiles, minModules);
        assertThat(problems).as(report).isEmpty();
    }

}
