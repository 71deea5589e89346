package io.paypipe.support.testing;

import io.paypipe.core.signin.OperatorCredentials;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;

/**
 * The accounts of every test context on this test-jar's classpath: {@link #OPERATOR} and
 * {@link #VIEWER}. As an {@link EnvironmentPostProcessor} (registered in this jar's
 * {@code META-INF/spring.factories}) it adds them as the last property source of each
 * Spring Boot application a test starts, so a test's own {@code paypipe.security.*} wins.
 * The hashes are bcrypt at cost 4 (the cheapest): the tests sign in on every request, and
 * these passwords guard nothing.
 */
public final class TestAccounts implements EnvironmentPostProcessor {

    public static final OperatorCredentials OPERATOR = new OperatorCredentials("test-operator",
            "test-operator-password");

    public static final OperatorCredentials VIEWER = new OperatorCredentials("test-viewer", "test-viewer-password");

    static final String OPERATOR_HASH = "{bcrypt}$2a$04$GqHW1nzXVIH3vtF8PP6jzOCRJO3smpoUwUtkzgw9rvuY8pfx8wF2q";

    static final String VIEWER_HASH = "{bcrypt}$2a$04$/f4potSkq3Zo756mEnU3x.VBZttPwjerFXxVKxSD0lOpEuk2QUb4G";

    /** The settings that configure both accounts. */
    public static Map<String, Object> properties() {
        Map<String, Object> properties = new LinkedHashMap<>();
        properties.put("paypipe.security.accounts[0].name", OPERATOR.user());
        properties.put("paypipe.security.accounts[0].password-hash", OPERATOR_HASH);
        properties.put("paypipe.security.accounts[0].role", "OPERATOR");
        properties.put("paypipe.security.accounts[1].name", VIEWER.user());
        properties.put("paypipe.security.accounts[1].password-hash", VIEWER_HASH);
        properties.put("paypipe.security.accounts[1].role", "VIEWER");
        return properties;
    }

    @Override
    public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
        environment.getPropertySources().addLast(new MapPropertySource("paypipe-test-accounts", properties()));
    }

}
