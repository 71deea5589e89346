package io.paypipe.processor.console;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

import org.junit.jupiter.api.Test;
import org.springframework.mock.env.MockEnvironment;

/**
 * Under prod the console, when on, needs its service account
 * ({@link ConsoleProperties#requireAccount}, run by config.ProductionDefaults before any
 * bean is made; the jar's start with it: ProcessorProductionProfileIntegrationTest).
 */
class ConsoleAccountInProductionTest {

    @Test
    void aConsoleThatIsOnWithoutItsAccountStopsTheStartNamingTheVariables() {
        for (MockEnvironment environment : new MockEnvironment[] { new MockEnvironment(),
                new MockEnvironment().withProperty("processor.console.account.name", "console"),
                new MockEnvironment().withProperty("processor.console.account.name", "console")
                    .withProperty("processor.console.account.password", " ") }) {
            assertThatIllegalStateException().isThrownBy(() -> ConsoleProperties.requireAccount(environment))
                .withMessageContaining("PROCESSOR_CONSOLE_ACCOUNT_NAME and PROCESSOR_CONSOLE_ACCOUNT_PASSWORD")
                .withMessageContaining("PROCESSOR_CONSOLE_ENABLED=false");
        }
    }

    @Test
    void startsWithTheAccountOrWithTheConsoleOff() {
        assertThatCode(() -> ConsoleProperties
            .requireAccount(new MockEnvironment().withProperty("processor.console.account.name", "console")
                .withProperty("processor.console.account.password", "secret")))
            .doesNotThrowAnyException();
        assertThatCode(() -> ConsoleProperties
            .requireAccount(new MockEnvironment().withProperty("processor.console.enabled", "false")))
            .doesNotThrowAnyException();
    }

}
