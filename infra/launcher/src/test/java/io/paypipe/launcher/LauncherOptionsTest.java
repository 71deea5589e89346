package io.paypipe.launcher;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class LauncherOptionsTest {

    @Test
    void givenNoOptionsWhenParsedThenTheDemoRunsWithTheSandboxInside() {
        LauncherOptions options = LauncherOptions.parse(List.of());

        assertThat(options.demo()).isTrue();
        assertThat(options.externalSandbox()).isFalse();
        assertThat(options.onlySandbox()).isFalse();
        assertThat(options.serviceArgs()).isEmpty();
        assertThat(options.orders()).isEqualTo(101);
    }

    @Test
    void givenServiceArgsWhenAppliedThenEachServiceGetsItsOwnArgument() {
        LauncherOptions options = LauncherOptions
            .parse(List.of("--no-demo", "--sandbox=external", "--service-arg=processor:processor.batch.enabled=false",
                    "--service-arg=downstream:downstream.concurrency=3", "--service-arg=ingress:a.b=x=y"));

        LocalPipeline.Settings settings = options
            .applyTo(LocalPipeline.Settings.of("k:9092", "jdbc:x", "u", "p", Path.of("m.yaml")));

        assertThat(options.externalSandbox()).isTrue();
        assertThat(settings.arguments(PipelineService.PROCESSOR)).contains("--processor.batch.enabled=false")
            .doesNotContain("--downstream.concurrency=3");
        assertThat(settings.arguments(PipelineService.DOWNSTREAM)).contains("--downstream.concurrency=3");
        assertThat(settings.arguments(PipelineService.INGRESS)).contains("--a.b=x=y");
    }

    @Test
    void givenAServiceArgOfAnUnknownServiceOrWithoutKeyWhenParsedThenItIsRefused() {
        assertThatThrownBy(() -> LauncherOptions.parse(List.of("--service-arg=billing:a=b")))
            .hasMessageContaining("no service 'billing'");
        assertThatThrownBy(() -> LauncherOptions.parse(List.of("--service-arg=processor:=b")))
            .hasMessageContaining("SERVICE:key=value");
        assertThatThrownBy(() -> LauncherOptions.parse(List.of("--service-arg=processor.batch.enabled=false")))
            .hasMessageContaining("SERVICE:key=value");
        assertThatThrownBy(() -> LauncherOptions.parse(List.of("--service-arg=PROCESSOR:a=b")))
            .hasMessageContaining("lower case");
    }

    @Test
    void givenAnExternalSandboxWithTheDemoWhenParsedThenItIsRefused() {
        assertThatThrownBy(() -> LauncherOptions.parse(List.of("--sandbox=external")))
            .hasMessageContaining("--no-demo");
        assertThatThrownBy(() -> LauncherOptions.parse(List.of("--sandbox=elsewhere", "--no-demo")))
            .hasMessageContaining("--sandbox=external");
        assertThatThrownBy(() -> LauncherOptions.parse(List.of("--only=processor")))
            .hasMessageContaining("--only=sandbox");
    }

    @Test
    void givenOnlySandboxWhenItsArgumentsAreBuiltThenThereIsNoDatabaseAndNotificationsGoToIngress() {
        LauncherOptions options = LauncherOptions.parse(List.of("--only=sandbox"));

        List<String> args = SandboxOnly.arguments(SandboxOnly.settings(null, Path.of("/tmp/m.yaml")), false);

        assertThat(options.onlySandbox()).isTrue();
        assertThat(args)
            .contains("--sandbox.merchants-file=/tmp/m.yaml", "--sandbox.notify-base-url=http://127.0.0.1:8081",
                    "--server.port=8090")
            .noneMatch(a -> a.startsWith("--spring.datasource."))
            .noneMatch(a -> a.startsWith("--spring.kafka.bootstrap-servers"))
            .anyMatch(
                    a -> a.startsWith("--spring.autoconfigure.exclude=") && a.contains("DataSourceAutoConfiguration"));
        assertThat(SandboxOnly.arguments(SandboxOnly.settings("b:9092", Path.of("/tmp/m.yaml")), true))
            .contains("--spring.kafka.bootstrap-servers=b:9092");
    }

}
