package io.paypipe.support.security;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockFilterChain;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.authority.SimpleGrantedAuthority;
import org.springframework.security.core.context.SecurityContextHolder;

/**
 * {@link OnBehalf}: the console's service account acts for the person it names, and no
 * other account may name one. (End to end, through refund-service and reconcile-service:
 * the launcher's ConsoleActionsEndToEndIntegrationTest.)
 */
class OnBehalfTest {

    @AfterEach
    void clear() {
        SecurityContextHolder.clearContext();
    }

    @Test
    void theConsoleAccountNamingAPersonMakesTheRequestThatPersonsAsOperator() throws Exception {
        // Given the console's account signed in, naming alice
        MockFilterChain chain = new MockFilterChain();
        MockHttpServletResponse response = filter(signedIn("console", "CONSOLE"), "alice", chain);

        // Then the request goes on as alice, an OPERATOR, and SignedIn names her
        assertThat(response.getStatus()).isEqualTo(200);
        assertThat(chain.getRequest()).isNotNull();
        Authentication now = SecurityContextHolder.getContext().getAuthentication();
        assertThat(SignedIn.name(now)).isEqualTo("alice");
        assertThat(now.getAuthorities()).extracting(Object::toString).containsExactly("ROLE_OPERATOR");
        assertThat(now.getDetails()).isEqualTo("through the console account console");
    }

    @Test
    void anyOtherAccountNamingAPersonIsRefusedAndGoesNoFurther() throws Exception {
        for (String role : List.of("OPERATOR", "VIEWER")) {
            // Given an operator's or a viewer's own account naming someone
            MockFilterChain chain = new MockFilterChain();
            MockHttpServletResponse response = filter(signedIn("bob", role), "alice", chain);

            // Then 403 with its sentence, and the request reaches nothing
            assertThat(response.getStatus()).isEqualTo(403);
            assertThat(response.getContentAsString()).contains("only the console's service account");
            assertThat(chain.getRequest()).isNull();
            assertThat(SignedIn.name(SecurityContextHolder.getContext().getAuthentication())).isEqualTo("bob");
        }
    }

    @Test
    void aNameNoAccountCouldHaveIsRefusedAndWithoutTheHeaderNothingChanges() throws Exception {
        MockFilterChain refusedChain = new MockFilterChain();
        assertThat(filter(signedIn("console", "CONSOLE"), "alice:admin", refusedChain).getStatus()).isEqualTo(400);
        assertThat(refusedChain.getRequest()).isNull();

        MockFilterChain chain = new MockFilterChain();
        assertThat(filter(signedIn("console", "CONSOLE"), null, chain).getStatus()).isEqualTo(200);
        assertThat(chain.getRequest()).isNotNull();
        assertThat(SecurityContextHolder.getContext().getAuthentication().getAuthorities()).extracting(Object::toString)
            .containsExactly("ROLE_CONSOLE");
    }

    private static Authentication signedIn(String name, String role) {
        return UsernamePasswordAuthenticationToken.authenticated(name, null,
                List.of(new SimpleGrantedAuthority("ROLE_" + role)));
    }

    private static MockHttpServletResponse filter(Authentication signedIn, String header, MockFilterChain chain)
            throws Exception {
        SecurityContextHolder.getContext().setAuthentication(signedIn);
        MockHttpServletRequest request = new MockHttpServletRequest("POST", "/refunds");
        if (header != null) {
            request.addHeader(OnBehalf.HEADER, header);
        }
        MockHttpServletResponse response = new MockHttpServletResponse();
        new OnBehalf().doFilter(request, response, chain);
        return response;
    }

}
