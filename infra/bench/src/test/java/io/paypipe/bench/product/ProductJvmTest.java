package io.paypipe.bench.product;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ProductJvmTest {

    /**
     * A command line as ProcessHandle.Info gives it: the arguments after the executable.
     */
    private static List<String> cmdline(String executable, String... arguments) {
        return List.of(arguments);
    }

    @Test
    void readsTheOptionsBetweenJavaAndJar() {
        // Given the launcher's command line
        List<String> line = cmdline("/usr/lib/jvm/temurin-25/bin/java",
                "-Xlog:gc:file=var/bench/product-gc.log:time,level,tags", "-Xms4g", "-Xmn768m", "-jar",
                "infra/launcher/target/paypipe-launcher.jar", "--no-demo",
                "--service-arg=reconcile:reconcile.query.first-query-after=2h");

        // When its options are read
        // Then they are the JVM's, not the launcher's own arguments
        assertThat(ProductJvm.optionsOf(line)).containsExactly("-Xlog:gc:file=var/bench/product-gc.log:time,level,tags",
                "-Xms4g", "-Xmn768m");
    }

    @Test
    void masksTheValueOfAPropertyThatNamesASecret() {
        List<String> line = cmdline("java", "-Djavax.net.ssl.keyStorePassword=hunter2", "-Dapi.TOKEN=abc",
                "-Duser.timezone=UTC", "-jar", "launcher.jar");

        assertThat(ProductJvm.optionsOf(line)).containsExactly("-Djavax.net.ssl.keyStorePassword=***",
                "-Dapi.TOKEN=***", "-Duser.timezone=UTC");
    }

    @Test
    void readsNoOptionsFromACommandLineWithoutAny() {
        assertThat(ProductJvm.optionsOf(cmdline("java", "-jar", "launcher.jar", "-Xms4g"))).isEmpty();
        assertThat(ProductJvm.optionsOf(cmdline("java", "io.paypipe.Main", "-Xms4g"))).isEmpty();
    }

}
