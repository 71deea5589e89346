package io.paypipe.bench.product;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ProductJvmTest {

    private static byte[] cmdline(String... args) {
        return (String.join("\0", args) + "\0").getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void readsTheOptionsBetweenJavaAndJar() {
        // Given the launcher's command line as /proc/<pid>/cmdline holds it
        byte[] line = cmdline("/usr/lib/jvm/temurin-25/bin/java",
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
        byte[] line = cmdline("java", "-Djavax.net.ssl.keyStorePassword=hunter2", "-Dapi.TOKEN=abc",
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
